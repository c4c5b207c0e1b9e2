'use client';

import { IntentLink } from '@/components/ui/intent-link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/cn';

type Item = { href: string; label: string };

/**
 * The dashboard's page links (hrefs already localized); the current page is marked. Narrow screens
 * show every entry in a grid (a sideways strip hid some), wide ones a column beside the page.
 */
export function DashboardNav({ items, label }: { items: Item[]; label: string }) {
  const pathname = usePathname();
  const overview = items[0]?.href;
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
                {item.label}
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
