'use client';

import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/cn';

/**
 * The header's links: in a row from the md breakpoint, behind a menu button below it (a disclosure:
 * the button says whether the panel is open). A navigation, Escape or a click on a link closes it.
 */
export function HeaderMenu({ label, children }: { label: string; children: ReactNode }) {
  const pathname = usePathname();
  // Open for the page it was opened on: a navigation closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open || event.key !== 'Escape') return;
    setOpenOn(null);
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpenOn(open ? null : pathname)}
        onKeyDown={onKeyDown}
        className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 md:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          <path strokeLinecap="round" d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
        </svg>
        {label}
      </button>
      <div
        id="site-menu"
        onKeyDown={onKeyDown}
        onClick={(event) => (event.target as HTMLElement).closest('a') && setOpenOn(null)}
        className={cn(
          'basis-full flex-col gap-3 md:flex md:basis-auto md:flex-row md:items-center md:gap-4',
          open ? 'flex' : 'hidden',
        )}
      >
        {children}
      </div>
    </>
  );
}
