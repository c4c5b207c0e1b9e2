'use client';

import { useCallback, useEffect, useState } from 'react';
import { $fetch } from 'ofetch';
import type { InboxConversationView } from '@/lib/conversations/constants';
import type { PresenceMode } from '@/lib/widgets/settings';
import { toast } from '@/lib/client/toast';
import { cn } from '@/lib/cn';
import { InboxList } from './inbox-list';
import { InboxThread } from './inbox-thread';
import { useInbox, type Filter } from './use-inbox';
import type { Messages } from '@/lib/client/messages';

/**
 * The owner's inbox: the availability switch, the conversations with their filters, and the chosen
 * conversation beside them; everything live. `?conversation=` (the link of a notification) opens one.
 */
export function Inbox({
  initial,
  presence: initialPresence,
  labels,
  locale,
  selected: initialSelected,
}: {
  initial: { conversations: InboxConversationView[]; unread: number; cursor: number };
  presence: PresenceMode;
  labels: Messages['Dashboard']['inbox'];
  locale: string;
  selected: string | null;
}) {
  const inbox = useInbox(initial);
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<string | null>(initialSelected);
  const [presence, setPresence] = useState(initialPresence);
  const [failed, setFailed] = useState<string | null>(null);
  const { loadThread, loadFilter, upsert, addMessage } = inbox;

  useEffect(() => {
    if (!selected) return;
    void loadThread(selected).catch(() => setFailed(selected));
  }, [selected, loadThread]);

  const chooseFilter = useCallback(
    (value: Filter) => {
      setFilter(value);
      void loadFilter(value).catch(() => {});
    },
    [loadFilter],
  );

  async function choosePresence(value: PresenceMode) {
    const previous = presence;
    setPresence(value);
    try {
      await $fetch('/api/conversations/presence', { method: 'PUT', body: { presence: value } });
      void toast.success(labels.presence.saved);
    } catch {
      setPresence(previous);
      void toast.error(labels.errors.general);
    }
  }

  const current = inbox.conversations.find((c) => c.id === selected);
  const loadError = failed !== null && failed === selected;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="mr-2 text-sm font-semibold text-slate-900 float-left">{labels.presence.label}</legend>
          {(['auto', 'available', 'away'] as const).map((value) => (
            <label
              key={value}
              className={cn(
                'cursor-pointer rounded-md border px-2.5 py-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
                presence === value
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-900',
              )}
            >
              <input
                type="radio"
                name="presence"
                value={value}
                checked={presence === value}
                onChange={() => void choosePresence(value)}
                className="sr-only"
              />
              {labels.presence[value]}
            </label>
          ))}
        </fieldset>
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <span
            aria-hidden="true"
            className={cn(
              'inline-block h-2 w-2 rounded-full',
              inbox.status === 'live' ? 'bg-green-600' : 'bg-amber-500',
            )}
          />
          {labels.status[inbox.status]}
        </p>
      </div>
      <div className="grid h-[36rem] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm md:grid-cols-[20rem_1fr]">
        <InboxList
          conversations={inbox.conversations}
          filter={filter}
          onFilter={chooseFilter}
          selected={selected}
          onSelect={setSelected}
          labels={labels}
          locale={locale}
        />
        <div className="flex min-h-0 flex-col border-t border-slate-200 md:border-t-0 md:border-l">
          {current && inbox.threads[current.id] ? (
            <InboxThread
              key={current.id}
              conversation={current}
              messages={inbox.threads[current.id]}
              visitorTyping={!!inbox.typing[current.id]}
              labels={labels}
              locale={locale}
              loadOlder={(before) => loadThread(current.id, before)}
              onChanged={upsert}
              onSent={addMessage}
            />
          ) : (
            <p role={loadError ? 'alert' : undefined} className="p-6 text-sm text-slate-700">
              {loadError ? labels.errors.load : labels.select}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
