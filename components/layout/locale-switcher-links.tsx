'use client';

import { Suspense } from 'react';
import NextLink from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { localizedPath, pagePath } from '@/lib/i18n/paths';
import { rememberLocale } from '@/lib/client/locale-memory';
import { useInBrowser } from '@/lib/client/in-browser';
import { cn } from '@/lib/cn';

type Option = { locale: Locale; label: string };
type Props = { current: Locale; options: Option[] };

function Links({ current, options, search = '' }: Props & { search?: string }) {
  // The rendered path: a prerendered English page's is its internal `/en/…` route.
  const path = pagePath(usePathname());
  return (
    <ul className="flex items-center gap-1">
      {options.map((option) => (
        <li key={option.locale}>
          <NextLink
            href={localizedPath(path, option.locale) + search}
            hrefLang={option.locale}
            lang={option.locale}
            prefetch={false}
            // Remembered before navigating, so that the next start does not restore the old language.
            onClick={() => rememberLocale(option.locale)}
            aria-current={option.locale === current ? 'true' : undefined}
            className={cn(
              'rounded px-2 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-700',
              option.locale === current ? 'bg-slate-900 text-white' : 'text-slate-800 hover:bg-slate-100',
            )}
          >
            {option.label}
          </NextLink>
        </li>
      ))}
    </ul>
  );
}

function LinksWithQuery(props: Props) {
  const query = useSearchParams().toString();
  // The server's HTML never names a query: Next renders a landing page it has no copy of (or revalidates it)
  // with the query of the request that asked, and would store that request's query in everybody's page.
  const inBrowser = useInBrowser();
  return <Links {...props} search={inBrowser && query ? `?${query}` : ''} />;
}

/** Links to the current page in every locale, keeping path and query. */
export function LocaleSwitcherLinks(props: Props) {
  // Pages are served without a query in the links; the browser fills it in after hydration.
  return (
    <Suspense fallback={<Links {...props} />}>
      <LinksWithQuery {...props} />
    </Suspense>
  );
}
