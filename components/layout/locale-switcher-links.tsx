'use client';

import { Suspense } from 'react';
import { useSearchParams } from 'next/navigation';
import { Link, usePathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { cn } from '@/lib/cn';

type Option = { locale: Locale; label: string };
type Props = { current: Locale; options: Option[] };

function Links({ current, options, query }: Props & { query?: Record<string, string> }) {
  const pathname = usePathname();
  return (
    <ul className="flex items-center gap-1">
      {options.map((option) => (
        <li key={option.locale}>
          <Link
            href={{ pathname, query }}
            locale={option.locale}
            hrefLang={option.locale}
            lang={option.locale}
            aria-current={option.locale === current ? 'true' : undefined}
            className={cn(
              'rounded px-2 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-700',
              option.locale === current ? 'bg-slate-900 text-white' : 'text-slate-800 hover:bg-slate-100',
            )}
          >
            {option.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function LinksWithQuery(props: Props) {
  const params = useSearchParams();
  return <Links {...props} query={Object.fromEntries(params.entries())} />;
}

/** Links to the current page in every locale, keeping path and query. */
export function LocaleSwitcherLinks(props: Props) {
  // Static pages are rendered without a query; the browser fills it in after hydration.
  return (
    <Suspense fallback={<Links {...props} />}>
      <LinksWithQuery {...props} />
    </Suspense>
  );
}
