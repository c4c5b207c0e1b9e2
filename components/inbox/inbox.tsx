'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { $fetch } from 'ofetch';
import { CONVERSATION_ID_SHAPE, type InboxPage, type LabelView } from '@/lib/conversations/constants';
import { readApiError } from '@/lib/client/api-error';
import type { PresenceMode } from '@/lib/db/schema/widget-settings';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { InboxList, visitorName } from './inbox-list';
import { InboxThread } from './inbox-thread';
import { TeammatesPanel } from './teammates-panel';
import { LabelsDialog } from './labels-dialog';
import { useInbox, type Selection, type Teammate } from './use-inbox';
import { useInboxSearch } from './use-inbox-search';
import { SearchBox, SearchResults } from './inbox-search';
import { VisitorActions } from './visitor-actions';
import { VisitorContext } from './visitor-context';
import type { Messages } from '@/lib/i18n/slices';

/**
 * Opens a conversation as a new history entry (`?conversation=`), so that Back returns to the one before;
 * at a message (`&message=`, a search hit) or at its end.
 */
function openConversation(id: string, messageId?: number) {
  const url = new URL(window.location.href);
  const message = messageId === undefined ? null : String(messageId);
  if (url.searchParams.get('conversation') === id && url.searchParams.get('message') === message) return;
  url.searchParams.set('conversation', id);
  if (message) url.searchParams.set('message', message);
  else url.searchParams.delete('message');
  window.history.pushState(null, '', url);
}

/** A visitor's address in the workspace's API (their context; block, export, erase). */
const visitorApi = (workspaceId: string, visitorId: string) =>
  `/api/workspaces/${encodeURIComponent(workspaceId)}/visitors/${encodeURIComponent(visitorId)}`;

const MESSAGE_ID_SHAPE = /^[1-9][0-9]{0,15}$/;

/**
 * A workspace's inbox: the availability switch, the conversations with their filters, and the chosen
 * conversation beside them; everything live. The chosen one is `?conversation=` of the address (also the
 * link of a notification), so a reload, a shared link and Back open it, loaded or not.
 */
export function Inbox({
  workspaceId,
  initial,
  presence: initialPresence,
  me,
  meName,
  operatorSwitch,
  teammates,
  widgets,
  workspaceLabels,
  canManageLabels,
  manageVisitors,
  labels,
  locale,
}: {
  workspaceId: string;
  /** Whether the member may export and erase visitors (owners and admins). */
  manageVisitors: boolean;
  initial: InboxPage;
  presence: PresenceMode;
  /** The signed-in member's uid and display name, their own presence switch, and the workspace's members. */
  me: string;
  meName: string | null;
  operatorSwitch: 'auto' | 'available' | 'away';
  teammates: Teammate[];
  /** The workspace's widgets (the search's filter). */
  widgets: { id: string; name: string }[];
  /** The workspace's labels, and whether this member manages them (owner, admin). */
  workspaceLabels: LabelView[];
  canManageLabels: boolean;
  labels: Messages['Dashboard']['inbox'];
  locale: string;
}) {
  const api = `/api/workspaces/${encodeURIComponent(workspaceId)}/inbox`;
  const inbox = useInbox(initial, api, teammates, workspaceLabels);
  const [chosen, setSelection] = useState<Selection>({ filter: 'all', view: 'all', label: '' });
  // A label deleted meanwhile (by another member, on the stream) no longer filters.
  const known = inbox.labels.some((label) => label.id === chosen.label);
  const selection = useMemo(() => (known ? chosen : { ...chosen, label: '' }), [chosen, known]);
  const address = useSearchParams();
  const selected = address.get('conversation');
  const atMessage = address.get('message');
  const focusId = atMessage && MESSAGE_ID_SHAPE.test(atMessage) ? Number(atMessage) : undefined;
  const search = useInboxSearch(api);
  const [presence, setPresence] = useState(initialPresence);
  const [failed, setFailed] = useState<{ id: string; notFound: boolean } | null>(null);
  const { loadThread, loadMore, upsert, addMessage } = inbox;

  useEffect(() => {
    if (!selected || !CONVERSATION_ID_SHAPE.test(selected)) return;
    void loadThread(selected, { around: focusId }).catch((caught) =>
      setFailed({ id: selected, notFound: readApiError(caught).code === 'notFound' }),
    );
  }, [selected, focusId, loadThread]);

  const loadPage = useCallback(() => loadMore(selection), [loadMore, selection]);

  async function choosePresence(value: PresenceMode) {
    const previous = presence;
    setPresence(value);
    try {
      await $fetch(`${api}/presence`, { method: 'PUT', body: { presence: value } });
      void toast.success(labels.presence.saved);
    } catch {
      setPresence(previous);
      void toast.error(labels.errors.general);
    }
  }

  const current = inbox.conversations.find((c) => c.id === selected);
  const problem =
    selected && !CONVERSATION_ID_SHAPE.test(selected)
      ? labels.notFound
      : selected && inbox.erased.has(selected)
        ? labels.visitor.erasedNotice
        : failed?.id === selected && (failed.notFound ? labels.notFound : labels.errors.load);
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
      {canManageLabels && (
        <LabelsDialog
          api={`/api/workspaces/${encodeURIComponent(workspaceId)}/labels`}
          workspaceLabels={inbox.labels}
          onLabels={inbox.setLabels}
          labels={labels.labels}
        />
      )}
      <TeammatesPanel
        workspaceId={workspaceId}
        me={me}
        initialSwitch={operatorSwitch}
        teammates={inbox.teammates}
        labels={labels.teammates}
      />
      <div className="grid h-[36rem] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm md:grid-cols-[20rem_1fr]">
        <div className="flex min-h-0 flex-col">
          <SearchBox
            search={search}
            teammates={inbox.teammates}
            widgets={widgets}
            workspaceLabels={inbox.labels}
            labels={labels.search}
          />
          {search.active ? (
            <SearchResults
              search={search}
              selected={selected}
              onOpen={openConversation}
              labels={labels}
              locale={locale}
            />
          ) : (
            <InboxList
              conversations={inbox.conversations}
              selection={selection}
              onSelection={setSelection}
              workspaceLabels={inbox.labels}
              now={inbox.now}
              me={me}
              selected={selected}
              onSelect={openConversation}
              more={{ hasMore: inbox.hasMore(selection), loading: inbox.isLoading(selection), load: loadPage }}
              labels={labels}
              locale={locale}
            />
          )}
        </div>
        <div className="flex min-h-0 flex-col border-t border-slate-200 md:border-t-0 md:border-l">
          {current && inbox.threads[current.id] ? (
            <InboxThread
              key={current.id}
              api={api}
              conversation={current}
              messages={inbox.threads[current.id]}
              visitorTyping={!!inbox.typing[current.id]}
              labels={labels}
              locale={locale}
              loadOlder={(before) => loadThread(current.id, { before })}
              focusId={focusId}
              onChanged={upsert}
              onSent={addMessage}
              me={me}
              meName={meName}
              teammates={inbox.teammates}
              workspaceLabels={inbox.labels}
              now={inbox.now}
              repliesApi={`/api/workspaces/${encodeURIComponent(workspaceId)}/replies`}
              visitorContext={
                <VisitorContext
                  api={visitorApi(workspaceId, current.visitor.id)}
                  visitor={current.visitor}
                  conversationId={current.id}
                  onOpen={(id) => openConversation(id)}
                  labels={labels.context}
                  locale={locale}
                />
              }
              visitorActions={
                <VisitorActions
                  api={visitorApi(workspaceId, current.visitor.id)}
                  visitor={current.visitor}
                  name={visitorName(current, labels)}
                  manage={manageVisitors}
                  labels={labels.visitor}
                  onBlocked={(blocked) => inbox.setVisitorBlocked(current.visitor.id, blocked)}
                  onErased={() => inbox.dropVisitor(current.visitor.id)}
                />
              }
            />
          ) : (
            <p role={problem ? 'alert' : undefined} className="p-6 text-sm text-slate-700">
              {problem || (selected ? labels.opening : labels.select)}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
