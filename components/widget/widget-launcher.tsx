'use client';

import { cn } from '@/lib/cn';
import { fill, plural, type Messages } from '@/lib/i18n/slices';
import type { WidgetConfig } from './widget-config';

/**
 * The closed widget: a round button in the page's corner that opens the panel and counts unread answers. Its focus
 * is a white ring inside a dark outline, seen on dark and light pages alike.
 */
export function WidgetLauncher({
  widget,
  unread,
  locale,
  labels,
  onOpen,
}: {
  widget: WidgetConfig;
  unread: number;
  locale: string;
  labels: Messages['Widget'];
  onOpen: () => void;
}) {
  return (
    <main aria-label={widget.name}>
      <button
        type="button"
        onClick={onOpen}
        aria-label={
          unread > 0
            ? plural(labels.openUnread, unread, locale, { name: widget.name })
            : fill(labels.open, { name: widget.name })
        }
        style={{ backgroundColor: widget.accent.background, color: widget.accent.text }}
        className={cn(
          'fixed bottom-1 flex h-16 w-16 items-center justify-center rounded-full shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 focus-visible:ring-2 focus-visible:ring-white',
          widget.launcherPosition === 'left' ? 'left-1' : 'right-1',
        )}
      >
        <svg
          aria-hidden="true"
          width="28"
          height="28"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
        </svg>
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 rounded-full bg-red-700 px-1.5 text-xs font-bold text-white"
          >
            {unread}
          </span>
        )}
      </button>
    </main>
  );
}
