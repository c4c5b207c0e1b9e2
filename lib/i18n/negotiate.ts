import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { NextRequest } from 'next/server';
import { LOCALE_COOKIE, defaultLocale, isLocale, locales, type Locale } from './routing';

/**
 * The language of a request that has no locale in its path (API answers): the remembered
 * `i18n_redirected` cookie, else Accept-Language negotiated the way next-intl does it.
 */
export function requestLocale(headers: Headers): Locale {
  // Next's cookie parser, through its public request (its RequestCookies class itself is private).
  const cookie = new NextRequest('http://localhost/', { headers }).cookies.get(LOCALE_COOKIE)?.value;
  if (isLocale(cookie)) return cookie;
  const languages = new Negotiator({
    headers: { 'accept-language': headers.get('accept-language') ?? undefined },
  }).languages();
  try {
    return match(languages, locales as unknown as string[], defaultLocale) as Locale;
  } catch {
    // A malformed language tag in the header.
    return defaultLocale;
  }
}
