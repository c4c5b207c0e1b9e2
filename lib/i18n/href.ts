import { localizedPath } from './paths';
import type { Locale } from './routing';

export type Href = string | { pathname: string; query?: Record<string, string> };

/** `href` (a path of the default locale, optionally with query and #fragment) in `locale`. */
export function localizedHref(href: Href, locale: Locale): string {
  const { pathname, query } = typeof href === 'string' ? { pathname: href, query: undefined } : href;
  const hashAt = pathname.indexOf('#');
  const path = hashAt === -1 ? pathname : pathname.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : pathname.slice(hashAt);
  const search = query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : '';
  return localizedPath(path || '/', locale) + search + hash;
}
