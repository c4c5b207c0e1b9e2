import { localizedPath, splitLocale } from '@/lib/i18n/paths';

/**
 * The session check is skipped when a `lang` query parameter is present (spec §2); the pages and
 * handlers still verify the session themselves, so this exposes nothing.
 */
export function skipsSessionCheck(searchParams: URLSearchParams): boolean {
  return searchParams.has('lang');
}

/** The locale's login page, keeping the original path and query to come back to. */
export function loginRedirect(pathname: string, search: string): string {
  const { locale } = splitLocale(pathname);
  return `${localizedPath('/login', locale)}?${new URLSearchParams({ redirect: pathname + search })}`;
}
