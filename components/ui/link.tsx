import type { ComponentProps } from 'react';
import type NextLink from 'next/link';
import { getLocale } from 'next-intl/server';
import { localizedHref, type Href } from '@/lib/i18n/href';
import type { Locale } from '@/lib/i18n/routing';
import { IntentLink } from './intent-link';

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & { href: Href; locale?: Locale };

/**
 * A link in the current (or given) locale, for server components. The path is localized on the
 * server, so the browser gets a plain next/link and no i18n runtime (next-intl's Link is a client
 * component that needs its provider and message formatter: about 25 KB gzip on every page). It
 * prefetches on intent, not on sight (IntentLink).
 */
export async function Link({ href, locale, ...props }: LinkProps) {
  return <IntentLink href={localizedHref(href, locale ?? ((await getLocale()) as Locale))} {...props} />;
}
