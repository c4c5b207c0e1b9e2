'use client';

import { useEffect, useState } from 'react';
import { IntentLink } from '@/components/ui/intent-link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/cn';
import { UNREAD_EVENT, type DashboardNavKey } from '@/lib/dashboard/nav';
import { fill, type Messages } from '@/lib/i18n/slices';

/** A page link (`key` names its text); `unread` puts a count beside it (the inbox). */
type Item = { href: string; key: DashboardNavKey; unread?: number };

/**
 * The dashboard's page links (hrefs already localized); the current page is marked. The inbox's unread
 * count comes from the server and, while the inbox is open, live from it. Narrow screens show every entry
 * in a grid (a sideways strip hid some), wide ones a column beside the page.
 */
export function DashboardNav({
  items,
  label,
  labels,
}: {
  items: Item[];
  label: string;
  labels: Messages['Dashboard']['nav'];
}) {
  const pathname = usePathname();
  const overview = items[0]?.href;
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    const update = (event: Event) => setUnread((event as CustomEvent<number>).detail);
    window.addEventListener(UNREAD_EVENT, update);
    return () => window.removeEventListener(UNREAD_EVENT, update);
  }, []);
  return (
    <nav aria-label={label}>
      <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3 md:flex md:flex-col">
        {items.map((item) => {
          const active = item.href === overview ? pathname === item.href : pathname.startsWith(item.href);
          return (
            <li key={item.href}>
              <IntentLink
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700',
                  active ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-200',
                )}
              >
                {labels[item.key]}
                {item.unread !== undefined && (unread ?? item.unread) > 0 && (
                  <span
                    data-unread-badge
                    className={cn(
                      'ml-2 rounded-full px-2 py-0.5 text-xs font-bold',
                      active ? 'bg-white text-brand-800' : 'bg-red-700 text-white',
                    )}
                  >
                    <span aria-hidden="true">{unread ?? item.unread}</span>
                    <span className="sr-only">{fill(labels.unread, { count: unread ?? item.unread })}</span>
                  </span>
                )}
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
