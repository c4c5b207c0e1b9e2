'use client';

import { useMemo, useRef } from 'react';
import {
  INBOX_VIEWS,
  isSnoozed,
  type InboxConversationView,
  type InboxView,
  type LabelView,
} from '@/lib/conversations/constants';
import { plural, type Messages } from '@/lib/i18n/slices';
import { cn } from '@/lib/cn';
import { BlockedBadge } from './visitor-actions';
import type { Filter, Selection } from './use-inbox';
import { InboxMore } from './inbox-more';
import { LabelChips } from './label-chip';
import { RatingBadge } from './visitor-rating';

export function visitorName(conversation: InboxConversationView, labels: Messages['Dashboard']['inbox']): string {
  return conversation.visitor.name ?? conversation.visitor.email ?? labels.anonymous;
}

/** Whether the customer's server signed what `visitorName` shows: only that is marked verified. */
export function visitorNameVerified({ visitor }: InboxConversationView): boolean {
  if (visitor.name !== null) return visitor.nameVerified;
  return visitor.email !== null && visitor.emailVerified;
}

/** The mark beside a verified name, address or user id. */
export function VerifiedMark({ label }: { label: string }) {
  return <span className="ml-1.5 rounded bg-green-100 px-1.5 text-xs font-semibold text-green-900">{label}</span>;
}

/** Whether a conversation belongs in a selection at `now` (the server's filters, on what is loaded). */
function shows(c: InboxConversationView, { filter, view, label }: Selection, me: string, now: number): boolean {
  const status =
    filter === 'all' ||
    (filter === 'unread'
      ? c.unread > 0
      : filter === 'snoozed'
        ? isSnoozed(c, now)
        : c.status === filter && !(filter === 'open' && isSnoozed(c, now)));
  const viewed = view === 'all' || (view === 'mine' ? c.assignee?.uid === me : c.assignee === null);
  return status && viewed && (!label || c.labels.includes(label));
}

/**
 * The filters and the conversations loaded so far, newest activity first: who, from which widget, the last
 * message, unread, labels; older ones page by page at the end of the list.
 */
export function InboxList({
  conversations,
  selection,
  onSelection,
  workspaceLabels,
  now,
  me,
  selected,
  onSelect,
  more,
  labels,
  locale,
}: {
  conversations: InboxConversationView[];
  selection: Selection;
  onSelection: (selection: Selection) => void;
  workspaceLabels: LabelView[];
  /** The time snooze ends are compared with. */
  now: number;
  me: string;
  selected: string | null;
  onSelect: (id: string) => void;
  more: { hasMore: boolean; loading: boolean; load: () => Promise<InboxConversationView[]> };
  labels: Messages['Dashboard']['inbox'];
  locale: string;
}) {
  const list = useRef<HTMLElement>(null);
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }), [locale]);
  const { filter, view, label } = selection;
  const shown = conversations.filter((c) => shows(c, selection, me, now));
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap gap-x-3 gap-y-1 border-b border-slate-200 px-2 pt-2 text-sm font-semibold text-slate-900">
        <label className="flex items-center gap-2">
          {labels.views.label}
          <select
            value={view}
            onChange={(event) => onSelection({ ...selection, view: event.target.value as InboxView })}
            className="rounded-md border border-slate-400 bg-white px-2 py-1 text-sm font-normal"
          >
            {INBOX_VIEWS.map((value) => (
              <option key={value} value={value}>
                {labels.views[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          {labels.labels.filter}
          <select
            value={label}
            onChange={(event) => onSelection({ ...selection, label: event.target.value })}
            className="max-w-36 rounded-md border border-slate-400 bg-white px-2 py-1 text-sm font-normal"
          >
            <option value="">{labels.labels.anyLabel}</option>
            {workspaceLabels.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="flex flex-wrap gap-1 border-b border-slate-200 p-2">
        <legend className="sr-only">{labels.filters.label}</legend>
        {(['all', 'open', 'snoozed', 'closed', 'unread'] as const satisfies Filter[]).map((value) => (
          <label
            key={value}
            className={cn(
              'cursor-pointer rounded-md px-2.5 py-1 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
              filter === value ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100',
            )}
          >
            <input
              type="radio"
              name="inbox-filter"
              value={value}
              checked={filter === value}
              onChange={() => onSelection({ ...selection, filter: value })}
              className="sr-only"
            />
            {labels.filters[value]}
          </label>
        ))}
      </fieldset>
      <nav ref={list} aria-label={labels.list} className="min-h-0 flex-1 overflow-y-auto">
        {shown.length === 0 && !more.hasMore ? (
          <p className="p-4 text-sm text-slate-700">{labels.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {shown.map((conversation) => (
              <li key={conversation.id}>
                <button
                  type="button"
                  onClick={() => onSelect(conversation.id)}
                  aria-current={conversation.id === selected ? 'true' : undefined}
                  data-conversation={conversation.id}
                  className={cn(
                    'block w-full px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-brand-700',
                    conversation.id === selected ? 'bg-brand-50' : 'hover:bg-slate-50',
                  )}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className={cn('truncate text-sm text-slate-900', conversation.unread > 0 && 'font-bold')}>
                      {visitorName(conversation, labels)}
                      {visitorNameVerified(conversation) && <VerifiedMark label={labels.verified} />}
                    </span>
                    <time dateTime={conversation.lastMessageAt} className="shrink-0 text-xs text-slate-700">
                      {date.format(new Date(conversation.lastMessageAt))}
                    </time>
                  </span>
                  <span className="mt-0.5 flex items-center gap-2 text-xs text-slate-700">
                    <span className="truncate">{conversation.widget.name}</span>
                    <span className="truncate" data-testid="list-assignee">
                      {conversation.assignee
                        ? conversation.assignee.uid === me
                          ? labels.assignment.you
                          : conversation.assignee.name
                        : labels.assignment.unassigned}
                    </span>
                    {conversation.status === 'closed' && (
                      <span className="rounded bg-slate-200 px-1.5 text-slate-900">{labels.closedBadge}</span>
                    )}
                    {isSnoozed(conversation, now) && (
                      <span className="rounded bg-amber-100 px-1.5 text-amber-900">{labels.snooze.badge}</span>
                    )}
                    {conversation.rating && <RatingBadge rating={conversation.rating} labels={labels.rating} />}
                    {conversation.visitor.blocked && <BlockedBadge label={labels.visitor.blocked} />}
                    {conversation.unread > 0 && (
                      <span className="rounded-full bg-red-700 px-2 font-semibold text-white">
                        {plural(labels.unread, conversation.unread, locale)}
                      </span>
                    )}
                  </span>
                  <span className="mt-0.5 block truncate text-sm text-slate-800">
                    {conversation.lastMessagePreview}
                  </span>
                  <LabelChips ids={conversation.labels} labels={workspaceLabels} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <InboxMore key={`${filter}:${view}:${label}`} list={list} {...more} labels={labels.more} locale={locale} />
      </nav>
    </div>
  );
}
