import { LOCALE_COOKIE, isLocale, locales, type Locale } from '@/lib/i18n/routing';
import { localeCookieString, localizedPath, splitLocale } from '@/lib/i18n/paths';

// The remembered interface language (spec §3) lives in the browser: the `i18n_redirected` cookie, and
// the same key in local storage. The server never sets it on a page, so pages stay cacheable by a
// shared cache (a CDN) for everybody.

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (privacy settings): the cookie alone remembers.
    return null;
  }
}

function cookieLocale(): string | undefined {
  return document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
}

/** The saved language: the cookie, else local storage. */
export function savedLocale(): Locale | null {
  const cookie = cookieLocale();
  if (isLocale(cookie)) return cookie;
  const stored = storage()?.getItem(LOCALE_COOKIE);
  return isLocale(stored) ? stored : null;
}

// Set by the first move through this document's history (Back, Forward): Next shows the page it moves
// to without loading a document, so only this event tells it from a page opened afresh.
let traversed = false;
if (typeof window !== 'undefined') window.addEventListener('popstate', () => (traversed = true));

/**
 * Whether the page was opened afresh (an address typed, a link, a reload), not reached through the
 * browser's history: neither in this document (popstate) nor as a document of its own (`back_forward`).
 */
function openedAfresh(): boolean {
  if (traversed) return false;
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type !== 'back_forward';
}

/** Saves `locale` in the cookie and local storage, writing only what changes. */
export function rememberLocale(locale: Locale): void {
  if (cookieLocale() !== locale) document.cookie = localeCookieString(locale);
  const store = storage();
  if (store && store.getItem(LOCALE_COOKIE) !== locale) store.setItem(LOCALE_COOKIE, locale);
}

/** The first of the browser's languages (most preferred first) that the site speaks. */
function preferredLocale(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if ((locales as readonly string[]).includes(base)) return base as Locale;
  }
  return null;
}

/**
 * At start: a page without a language prefix (English under `as-needed`) opened afresh by a browser that
 * saved another language, or on a first visit prefers another, is that page in that language (the address
 * to go to is answered); any other page is remembered as the visitor's language. A page reached through
 * the history is one the visitor chose before (Back after switching to German shows the English page):
 * it stays, and its language is remembered.
 */
export function restoreLocale(
  pageLocale: Locale,
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  languages: readonly string[] = [],
): string | null {
  const target = localeTarget(pageLocale, location, languages);
  rememberLocale(target ? (splitLocale(target).locale as Locale) : pageLocale);
  return target;
}

/** Where restoreLocale() moves this page at start (null: it stays), without remembering anything. */
export function localeTarget(
  pageLocale: Locale,
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  languages: readonly string[] = [],
): string | null {
  if (!openedAfresh()) return null;
  const saved = savedLocale() ?? preferredLocale(languages);
  const { path } = splitLocale(location.pathname);
  const prefixed = path !== location.pathname;
  if (saved && saved !== pageLocale && !prefixed) return localizedPath(path, saved) + location.search + location.hash;
  return null;
}

/**
 * Opens `path` in place of the current page, as a new document: a page in another language has another
 * `<html lang>`, title and metadata, which a client-side navigation would leave beside the old ones.
 */
export function openInPlace(path: string): void {
  window.location.replace(path);
}

/**
 * After a sign-in: the language the user saved in their settings becomes this browser's, and `target`
 * (a same-origin path with query) the same page in it.
 */
export function inSavedLocale(target: string, saved: Locale): string {
  rememberLocale(saved);
  const url = new URL(target, 'http://same-origin.invalid');
  return localizedPath(splitLocale(url.pathname).path, saved) + url.search + url.hash;
}
