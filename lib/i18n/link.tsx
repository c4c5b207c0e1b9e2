import type { ComponentProps } from 'react';
import type NextLink from 'next/link';
import { getLocale } from 'next-intl/server';
import { IntentLink } from '@/components/ui/intent-link';
import { localizedPath } from './paths';
import type { Locale } from './routing';

type Href = string | { pathname: string; query?: Record<string, string> };
type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & { href: Href; locale?: Locale };

/** `href` (a path of the default locale, optionally with query and #fragment) in `locale`. */
export function localizedHref(href: Href, locale: Locale): string {
  const { pathname, query } = typeof href === 'string' ? { pathname: href, query: undefined } : href;
  const hashAt = pathname.indexOf('#');
  const path = hashAt === -1 ? pathname : pathname.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : pathname.slice(hashAt);
  const search = query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : '';
  return localizedPath(path || '/', locale) + search + hash;
}

/**
 * A link in the current (or given) locale, for server components. The path is localized on the
 * server, so the browser gets a plain next/link and no i18n runtime (next-intl's Link is a client
 * component that needs its provider and message formatter: about 25 KB gzip on every page). It
 * prefetches on intent, not on sight (IntentLink).
 */
export async function Link({ href, locale, ...props }: LinkProps) {
  return <IntentLink href={localizedHref(href, locale ?? ((await getLocale()) as Locale))} {...props} />;
}
