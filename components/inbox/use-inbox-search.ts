'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { $fetch } from 'ofetch';
import type { InboxSearchHit, InboxSearchPage } from '@/lib/conversations/constants';

/** The search's filters as the form holds them ('' is "any"); dates are the operator's own calendar days. */
export type SearchFilters = {
  status: '' | 'open' | 'snoozed' | 'closed';
  assignee: string;
  label: string;
  widget: string;
  from: string;
  to: string;
};
export const NO_FILTERS: SearchFilters = { status: '', assignee: '', label: '', widget: '', from: '', to: '' };

// Typing pauses this long before the search goes out.
const DEBOUNCE_MS = 250;

/** A calendar day of the operator's time zone as the instant it starts (the end of a range: the next day's). */
function dayStart(day: string, next = false): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + (next ? 1 : 0)).toISOString();
}

/** The API's query for a search: the text, and only the filters that are set. */
export function searchQuery(text: string, filters: SearchFilters, cursor?: string): Record<string, string> {
  return {
    q: text.trim(),
    ...(filters.status && { status: filters.status }),
    ...(filters.assignee && { assignee: filters.assignee }),
    ...(filters.label && { label: filters.label }),
    ...(filters.widget && { widget: filters.widget }),
    ...(filters.from && { from: dayStart(filters.from) }),
    ...(filters.to && { to: dayStart(filters.to, true) }),
    ...(cursor && { cursor }),
  };
}

type State = {
  /** The search these hits answer (its query without a cursor). */
  key: string;
  hits: InboxSearchHit[];
  next: string | null;
  status: 'idle' | 'loading' | 'done' | 'failed';
};
const IDLE: State = { key: '', hits: [], next: null, status: 'idle' };

/**
 * The inbox's search: what the operator typed and the filters, the hits loaded so far and where the next
 * page starts. A newer search cancels the one under way, and hits are only shown for the search they answer.
 */
export function useInboxSearch(api: string) {
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<SearchFilters>(NO_FILTERS);
  const [state, setState] = useState<State>(IDLE);
  const running = useRef<AbortController | null>(null);
  const active = text.trim() !== '';
  const key = JSON.stringify(searchQuery(text, filters));

  const run = useCallback(
    async (cursor?: string) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState((current) => ({ ...current, key, status: 'loading' }));
      try {
        const page = await $fetch<InboxSearchPage>(api, {
          query: searchQuery(text, filters, cursor),
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        setState((current) => ({
          key,
          hits: cursor ? [...current.hits, ...page.results] : page.results,
          next: page.nextCursor,
          status: 'done',
        }));
      } catch {
        if (!controller.signal.aborted) setState((current) => ({ ...current, status: 'failed' }));
      }
    },
    [api, text, filters, key],
  );

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => void run(), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [active, run]);
  useEffect(() => () => running.current?.abort(), []);

  const shown: State = !active ? IDLE : state.key === key ? state : { ...IDLE, key, status: 'loading' };
  const loadMore = useCallback(() => (state.next ? run(state.next) : Promise.resolve()), [run, state.next]);
  return { text, setText, filters, setFilters, active, ...shown, loadMore };
}
