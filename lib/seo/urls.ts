import { env } from '@/lib/env';
import { defaultLocale, locales, type Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';

export function absoluteUrl(path: string): string {
  return `${env.siteUrl}${path}`;
}

/** hreflang alternates of `path`: every locale plus x-default (the unprefixed default locale). */
export function alternatesOf(path: string): Record<Locale | 'x-default', string> {
  const entries = locales.map((locale) => [locale, absoluteUrl(localizedPath(path, locale))] as const);
  return { ...Object.fromEntries(entries), 'x-default': absoluteUrl(localizedPath(path, defaultLocale)) } as Record<
    Locale | 'x-default',
    string
  >;
}
