import { defaultLocale, isLocale, localeCookie, type Locale } from './routing';

/** The path of `path` in `locale` (`as-needed`: English unprefixed, German under /de). */
export function localizedPath(path: string, locale: Locale): string {
  if (locale === defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** Splits a browser path into its locale and the path without the locale prefix. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (isLocale(first) && first !== defaultLocale) return { locale: first, path: `/${rest.join('/')}` };
  return { locale: defaultLocale, path: pathname || '/' };
}

/**
 * The path of a rendered page without its language prefix, whichever it is. Next renders an English page
 * under its internal route (`/` as `/en`, `/shop/x` as `/en/shop/x`), and a prerendered page keeps that
 * path in its HTML, while the page's address has no prefix (`as-needed`).
 */
export function pagePath(pathname: string): string {
  const [, first, ...rest] = pathname.split('/');
  return isLocale(first) ? `/${rest.join('/')}` : pathname || '/';
}

/** The `document.cookie` assignment that remembers `locale` with the attributes of the spec (§3). */
export function localeCookieString(locale: Locale): string {
  const { name, maxAge, path, sameSite, secure } = localeCookie;
  return `${name}=${locale}; Max-Age=${maxAge}; Path=${path}; SameSite=${sameSite}${secure ? '; Secure' : ''}`;
}

/** Paths that need a signed-in user: any path containing /dashboard (spec §2). */
export function isProtectedPath(pathname: string): boolean {
  return /(^|\/)dashboard(\/|$)/.test(pathname);
}
