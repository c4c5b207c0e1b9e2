import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { RequestCookies } from 'next/dist/server/web/spec-extension/cookies';
import { LOCALE_COOKIE, defaultLocale, isLocale, locales, type Locale } from './routing';

/**
 * The language of a request that has no locale in its path (API answers): the remembered
 * `i18n_redirected` cookie, else Accept-Language negotiated the way next-intl does it.
 */
export function requestLocale(headers: Headers): Locale {
  const cookie = new RequestCookies(headers).get(LOCALE_COOKIE)?.value;
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
