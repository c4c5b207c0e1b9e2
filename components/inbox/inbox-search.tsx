'use client';

import { useMemo } from 'react';
import type { InboxSearchHit } from '@/lib/conversations/constants';
import { fill, plural, type Messages } from '@/lib/i18n/slices';
import { cn } from '@/lib/cn';
import { visitorName } from './inbox-list';
import type { Teammate } from './use-inbox';
import type { SearchFilters, useInboxSearch } from './use-inbox-search';

type Labels = Messages['Dashboard']['inbox'];
type Search = ReturnType<typeof useInboxSearch>;
const FIELD = 'w-full rounded-md border border-slate-400 bg-white px-2 py-1 text-sm font-normal text-slate-900';

/** A filter's choices as `[value, label]`. */
function Choice({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  options: [string, string][];
  className?: string;
}) {
  return (
    <label className={cn('text-xs font-semibold text-slate-800', className)}>
      {label}
      <select value={value} onChange={onChange} className={FIELD}>
        {options.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The search box over the whole history, and its filters (folded away until wanted). */
export function SearchBox({
  search,
  teammates,
  widgets,
  workspaceLabels,
  labels,
}: {
  search: Search;
  teammates: Teammate[];
  widgets: { id: string; name: string }[];
  /** The workspace's labels (the filter's choices). */
  workspaceLabels: { id: string; name: string }[];
  labels: Labels['search'];
}) {
  const set = (key: keyof SearchFilters) => (event: { target: { value: string } }) =>
    search.setFilters({ ...search.filters, [key]: event.target.value });
  const filtered = Object.values(search.filters).some(Boolean);
  return (
    <search className="border-b border-slate-200 p-2">
      <label htmlFor="inbox-search" className="sr-only">
        {labels.label}
      </label>
      <input
        id="inbox-search"
        type="search"
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        placeholder={labels.placeholder}
        maxLength={200}
        autoComplete="off"
        className={cn(FIELD, 'py-1.5')}
      />
      <details className="mt-1 text-sm" open={filtered || undefined}>
        <summary className="cursor-pointer font-medium text-slate-800">{labels.filters}</summary>
        <div className="mt-2 grid grid-cols-2 gap-2">
          <Choice
            label={labels.status}
            value={search.filters.status}
            onChange={set('status')}
            options={[
              ['', labels.anyStatus],
              ['open', labels.open],
              ['snoozed', labels.snoozed],
              ['closed', labels.closed],
            ]}
          />
          <Choice
            label={labels.assignee}
            value={search.filters.assignee}
            onChange={set('assignee')}
            options={[
              ['', labels.anyone],
              ['me', labels.me],
              ['none', labels.unassigned],
              ...teammates.map((teammate): [string, string] => [teammate.uid, teammate.name]),
            ]}
          />
          <Choice
            label={labels.labelFilter}
            value={search.filters.label}
            onChange={set('label')}
            options={[
              ['', labels.anyLabel],
              ...workspaceLabels.map((label): [string, string] => [label.id, label.name]),
            ]}
          />
          <Choice
            label={labels.widget}
            value={search.filters.widget}
            onChange={set('widget')}
            options={[['', labels.anyWidget], ...widgets.map((widget): [string, string] => [widget.id, widget.name])]}
          />
          <label className="text-xs font-semibold text-slate-800">
            {labels.from}
            <input type="date" value={search.filters.from} onChange={set('from')} className={FIELD} />
          </label>
          <label className="text-xs font-semibold text-slate-800">
            {labels.to}
            <input type="date" value={search.filters.to} onChange={set('to')} className={FIELD} />
          </label>
        </div>
      </details>
    </search>
  );
}

/** What a hit shows of the message: its text around the match, the matching words marked. */
function Excerpt({ hit, labels }: { hit: InboxSearchHit; labels: Labels['search'] }) {
  if (!hit.excerpt) return <span className="italic">{labels.visitorMatch}</span>;
  return (
    <>
      {hit.excerpt.map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** The hits, newest first: who, which widget, when, and the passage; each opens its thread at the message. */
export function SearchResults({
  search,
  selected,
  onOpen,
  labels,
  locale,
}: {
  search: Search;
  selected: string | null;
  onOpen: (conversationId: string, messageId: number) => void;
  labels: Labels;
  locale: string;
}) {
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }), [locale]);
  const { hits, status, next } = search;
  const count = next
    ? fill(labels.search.foundMore, { count: hits.length })
    : plural(labels.search.found, hits.length, locale);
  return (
    <nav aria-label={labels.search.results} className="min-h-0 flex-1 overflow-y-auto">
      <p role="status" className="px-3 py-2 text-xs font-medium text-slate-700">
        {status === 'loading' && hits.length === 0
          ? labels.search.searching
          : status === 'done' && hits.length === 0
            ? fill(labels.search.none, { query: search.text.trim() })
            : status === 'failed'
              ? ''
              : count}
      </p>
      {status === 'failed' && (
        <p role="alert" className="px-3 pb-2 text-sm text-red-700">
          {labels.search.failed}
        </p>
      )}
      <ul className="divide-y divide-slate-200">
        {hits.map((hit) => (
          <li key={`${hit.conversation.id}:${hit.messageId}`}>
            <button
              type="button"
              onClick={() => onOpen(hit.conversation.id, hit.messageId)}
              aria-current={hit.conversation.id === selected ? 'true' : undefined}
              data-hit={hit.messageId}
              className={cn(
                'block w-full px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-brand-700',
                hit.conversation.id === selected ? 'bg-brand-50' : 'hover:bg-slate-50',
              )}
            >
              <span className="flex items-center justify-between gap-2 text-sm text-slate-900">
                <span className="truncate font-semibold">{visitorName(hit.conversation, labels)}</span>
                <time dateTime={hit.at} className="shrink-0 text-xs text-slate-700">
                  {date.format(new Date(hit.at))}
                </time>
              </span>
              <span className="mt-0.5 flex gap-2 text-xs text-slate-700">
                <span className="truncate">{hit.conversation.widget.name}</span>
                {hit.conversation.status === 'closed' && (
                  <span className="rounded bg-slate-200 px-1.5 text-slate-900">{labels.closedBadge}</span>
                )}
              </span>
              <span className="mt-0.5 line-clamp-3 block text-sm text-slate-800">
                <Excerpt hit={hit} labels={labels.search} />
              </span>
            </button>
          </li>
        ))}
      </ul>
      {next && (
        <p className="p-2">
          <button
            type="button"
            aria-disabled={status === 'loading' || undefined}
            onClick={() => status !== 'loading' && void search.loadMore()}
            className="w-full rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {status === 'loading' ? labels.search.searching : labels.search.more}
          </button>
        </p>
      )}
    </nav>
  );
}
