'use client';

import { useMemo } from 'react';
import type { VisitorConversationView } from '@/lib/conversations/constants';
import { plural, type Messages } from '@/lib/i18n/slices';

/** The visitor's conversations, latest first: their last message, unread replies, closed ones marked. */
export function ConversationList({
  conversations,
  labels,
  locale,
  onOpen,
  onNew,
}: {
  conversations: VisitorConversationView[];
  labels: Messages['Widget'];
  locale: string;
  onOpen: (id: string) => void;
  onNew: () => void;
}) {
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }), [locale]);
  return (
    <nav aria-label={labels.conversations} className="flex min-h-0 flex-1 flex-col">
      <ul className="min-h-0 flex-1 divide-y divide-slate-200 overflow-y-auto">
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <button
              type="button"
              onClick={() => onOpen(conversation.id)}
              className="block w-full px-3 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span className="flex items-center justify-between gap-2 text-xs text-slate-700">
                <time dateTime={conversation.lastMessageAt}>{date.format(new Date(conversation.lastMessageAt))}</time>
                {conversation.status === 'closed' && (
                  <span className="rounded bg-slate-200 px-1.5">{labels.closedBadge}</span>
                )}
                {conversation.unread > 0 && (
                  <span className="rounded-full bg-red-700 px-2 font-semibold text-white">
                    {plural(labels.unread, conversation.unread, locale)}
                  </span>
                )}
              </span>
              <span className="block truncate text-sm text-slate-900">{conversation.lastMessagePreview}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="border-t border-slate-200 p-3">
        <button
          type="button"
          onClick={onNew}
          className="w-full rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {labels.newConversation}
        </button>
      </div>
    </nav>
  );
}
