'use client';

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { InboxConversationView } from '@/lib/conversations/constants';
import { plural, type Messages } from '@/lib/i18n/slices';

/**
 * The end of the inbox's list: while older conversations remain, a button that loads the next page, and
 * loads it by itself as it scrolls into view, except while the keyboard moves through the list: there the
 * button decides, and focus then moves on to the first conversation loaded. Loading and its outcome are
 * announced politely.
 */
export function InboxMore({
  list,
  hasMore,
  loading,
  load,
  labels,
  locale,
}: {
  /** The scrolling list the button sits at the end of. */
  list: RefObject<HTMLElement | null>;
  hasMore: boolean;
  loading: boolean;
  load: () => Promise<InboxConversationView[]>;
  labels: Messages['Dashboard']['inbox']['more'];
  locale: string;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const [news, setNews] = useState('');
  const [failed, setFailed] = useState(false);
  const focusNext = useRef<string | null>(null);

  const loadNext = useCallback(async () => {
    const focused = () => document.activeElement === button.current;
    const fromButton = focused();
    setFailed(false);
    try {
      const added = await load();
      // The button may go with this page (the last one): focus must not fall back to the page's start.
      if ((fromButton || focused()) && added[0]) focusNext.current = added[0].id;
      setNews(plural(labels.loaded, added.length, locale));
    } catch {
      setFailed(true);
    }
  }, [load, labels.loaded, locale]);

  // The first new entry renders with the page that brought it (at the latest with the announcement).
  useEffect(() => {
    if (!focusNext.current) return;
    const entry = list.current?.querySelector<HTMLElement>(`[data-conversation="${focusNext.current}"]`);
    if (!entry) return;
    entry.focus();
    focusNext.current = null;
  });

  useEffect(() => {
    const target = button.current;
    // After a failure only the button tries again (no request loop while it stays in view).
    if (!hasMore || failed || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const keyboard =
          list.current?.contains(document.activeElement) && document.activeElement!.matches(':focus-visible');
        if (entries.some((entry) => entry.isIntersecting) && !keyboard) void loadNext();
      },
      { root: list.current, rootMargin: '0px 0px 160px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, failed, loadNext, list]);

  return (
    <div className="p-2">
      {hasMore && (
        <button
          ref={button}
          type="button"
          aria-disabled={loading || undefined}
          onClick={() => {
            if (!loading) void loadNext();
          }}
          className="w-full rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {loading ? labels.loading : labels.button}
        </button>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {labels.failed}
        </p>
      )}
      <p role="status" className="sr-only">
        {loading ? labels.loading : news}
      </p>
    </div>
  );
}
