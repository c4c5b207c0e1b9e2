import { defineRouting } from 'next-intl/routing';

export const locales = ['en', 'de'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** The seller's time zone: the server's renders and e-mails, whose reader's own zone is unknown there. */
export const SELLER_TIME_ZONE = 'Europe/Berlin';

export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** The remembered interface language (spec §3): 365 days, path /, SameSite=Lax, Secure when configured. */
export const localeCookie = {
  name: LOCALE_COOKIE,
  maxAge: LOCALE_COOKIE_MAX_AGE,
  path: '/',
  sameSite: 'lax',
  // Inlined at build time from lib/env (next.config.ts).
  secure: process.env.NEXT_PUBLIC_COOKIE_SECURE === 'true',
} as const;

/**
 * A page's language is its address: next-intl neither redirects by cookie or Accept-Language nor sets a
 * cookie, so every page answer is the same for everybody (and cacheable by a CDN). Only `/` negotiates
 * (proxy.ts, lib/i18n/landing-routes.ts); the browser remembers and restores the language
 * (lib/client/locale-memory.ts).
 */
export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: false,
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}
