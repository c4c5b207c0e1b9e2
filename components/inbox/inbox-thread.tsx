'use client';

import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { $fetch } from 'ofetch';
import { readApiError } from '@/lib/client/api-error';
import {
  THREAD_PAGE_SIZE,
  type InboxConversationView,
  type LabelView,
  type MessageView,
} from '@/lib/conversations/constants';
import { Composer } from '@/components/conversations/composer';
import { ThreadView } from '@/components/conversations/thread-view';
import { fill, type Messages } from '@/lib/i18n/slices';
import { VerifiedMark, visitorName, visitorNameVerified } from './inbox-list';
import { AssignmentControls } from './assignment-controls';
import { VisitorAttributes } from './visitor-attributes';
import { LabelChips } from './label-chip';
import { LabelMenu } from './label-menu';
import { SnoozeControls } from './snooze-controls';
import { ComposerSwitch, NoteComposer, type ComposerMode } from './note-composer';
import { NoteCard } from './note-card';
import { VisitorRating } from './visitor-rating';
import { BlockedBadge } from './visitor-actions';
import type { Teammate } from './use-inbox';
import { useReplyPicker } from './reply-picker';

function errorOf(caught: unknown, fallback: string): string {
  return readApiError(caught).message ?? fallback;
}

/**
 * One conversation in the inbox: who the visitor is (verified or anonymous, address, the page they wrote
 * from, language, first seen), the thread with their typing and "seen", the answer, close and reopen.
 * What the operator sees is marked read.
 */
export function InboxThread({
  api,
  conversation,
  messages,
  visitorTyping,
  labels,
  locale,
  loadOlder,
  onChanged,
  onSent,
  me,
  meName,
  teammates,
  focusId,
  workspaceLabels,
  now,
  repliesApi,
  visitorActions,
  visitorContext,
}: {
  /** The workspace's inbox API. */
  api: string;
  /** The workspace's saved replies (GET), which `/` in the answer's field offers. */
  repliesApi: string;
  /** The operator's display name (null: none, so the visitor sees the widget's name). */
  meName: string | null;
  conversation: InboxConversationView;
  messages: MessageView[];
  visitorTyping: boolean;
  labels: Messages['Dashboard']['inbox'];
  locale: string;
  loadOlder: (before: number) => Promise<number>;
  onChanged: (conversation: InboxConversationView) => void;
  onSent: (message: MessageView) => void;
  me: string;
  teammates: Teammate[];
  /** The message to show and mark (a search hit). */
  focusId?: number;
  workspaceLabels: LabelView[];
  /** The time snooze ends are compared with. */
  now: number;
  /** Block, export and erase the visitor (components/inbox/visitor-actions.tsx). */
  visitorActions?: ReactNode;
  /** Their pages, browser, local time and conversations (components/inbox/visitor-context.tsx). */
  visitorContext?: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hasOlder, setHasOlder] = useState(messages.length >= THREAD_PAGE_SIZE);
  const requestKey = useRef(crypto.randomUUID());
  const base = `${api}/${conversation.id}`;
  const name = visitorName(conversation, labels);
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }), [locale]);
  const composerId = `reply-${conversation.id}`;
  const picker = useReplyPicker({
    id: composerId,
    api: repliesApi,
    locale: conversation.locale,
    // The names as the visitor reads them: a reply's author is the operator's name, else the widget's.
    values: {
      'visitor.name': conversation.visitor.name,
      'visitor.email': conversation.visitor.email,
      'operator.name': meName?.trim() || conversation.widget.name,
      'widget.name': conversation.widget.name,
    },
    labels: labels.picker,
  });

  // The visitor's messages on screen are read (the visitor sees "seen").
  const latestFromVisitor = [...messages].reverse().find((m) => m.sender === 'visitor')?.id ?? 0;
  const readUpTo = useRef(0);
  useEffect(() => {
    if (latestFromVisitor <= readUpTo.current || document.visibilityState !== 'visible') return;
    readUpTo.current = latestFromVisitor;
    void $fetch<{ conversation: InboxConversationView }>(base, {
      method: 'PATCH',
      body: { readUpTo: latestFromVisitor },
    })
      .then((answer) => answer.conversation && onChanged(answer.conversation))
      .catch(() => (readUpTo.current = 0));
  }, [latestFromVisitor, base, onChanged]);

  const noteKey = useRef(crypto.randomUUID());
  const [mode, setMode] = useState<ComposerMode>('reply');

  /** Posts a reply or a note with its key (a new one once it is taken); answers whether it was. */
  async function post(path: 'messages' | 'notes', key: { current: string }, text: string) {
    setError(null);
    try {
      const answer = await $fetch<{ message?: MessageView; note?: MessageView }>(`${base}/${path}`, {
        method: 'POST',
        body: { text, requestKey: key.current },
      });
      key.current = crypto.randomUUID();
      onSent((answer.message ?? answer.note)!);
      return true;
    } catch (caught) {
      setError(errorOf(caught, labels.errors.general));
      return false;
    }
  }

  async function setStatus(status: 'open' | 'closed') {
    setBusy(true);
    setError(null);
    try {
      const answer = await $fetch<{ conversation: InboxConversationView }>(base, { method: 'PATCH', body: { status } });
      onChanged(answer.conversation);
    } catch (caught) {
      setError(errorOf(caught, labels.errors.general));
    } finally {
      setBusy(false);
    }
  }

  const typing = (on: boolean) =>
    void $fetch(`${base}/typing`, { method: 'POST', body: { typing: on } }).catch(() => {});
  const closed = conversation.status === 'closed';
  const { visitor } = conversation;
  return (
    <section aria-label={fill(labels.thread, { name })} className="flex min-h-0 flex-1 flex-col">
      {/* At most a third of the box, scrolling: the visitor’s details and tools must leave the log its room. */}
      <header className="flex max-h-48 shrink-0 flex-wrap items-start justify-between gap-3 overflow-y-auto border-b border-slate-200 p-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">
            {name}
            {visitorNameVerified(conversation) && <VerifiedMark label={labels.verified} />}{' '}
            {visitor.blocked && <BlockedBadge label={labels.visitor.blocked} />}
          </h2>
          <dl
            aria-label={labels.details.title}
            className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-800"
          >
            {visitor.userId !== null && (
              <>
                <dt className="text-slate-700">{labels.details.user}</dt>
                <dd className="truncate">
                  {visitor.userId}
                  <VerifiedMark label={labels.verified} />
                </dd>
              </>
            )}
            <dt className="text-slate-700">{labels.details.email}</dt>
            <dd className="truncate">
              {visitor.email ?? labels.details.none}
              {visitor.email !== null && visitor.emailVerified && <VerifiedMark label={labels.verified} />}
            </dd>
            <dt className="text-slate-700">{labels.details.page}</dt>
            <dd className="truncate">
              {conversation.pageUrl ? (
                <a
                  href={conversation.pageUrl}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="text-brand-700 underline"
                >
                  {conversation.pageTitle || conversation.pageUrl}
                </a>
              ) : (
                labels.details.none
              )}
            </dd>
            <dt className="text-slate-700">{labels.details.locale}</dt>
            <dd>{labels.languages[conversation.locale]}</dd>
            <dt className="text-slate-700">{labels.details.firstSeen}</dt>
            <dd>{date.format(new Date(visitor.firstSeenAt))}</dd>
            <dt className="text-slate-700">{labels.details.widget}</dt>
            <dd>{conversation.widget.name}</dd>
          </dl>
          <VisitorAttributes attributes={visitor.attributes} locale={locale} labels={labels.details} />
          {visitorContext}
          <AssignmentControls
            base={base}
            me={me}
            conversation={conversation}
            teammates={teammates}
            labels={labels.assignment}
            onChanged={onChanged}
          />
          <LabelChips ids={conversation.labels} labels={workspaceLabels} name={labels.labels.button} />
          <div className="mt-2 flex flex-wrap items-start gap-2">
            <LabelMenu {...{ base, conversation, workspaceLabels, onChanged }} labels={labels.labels} />
            <SnoozeControls {...{ base, conversation, now, locale, onChanged }} labels={labels.snooze} />
          </div>
          {visitorActions}
        </div>
        <button
          type="button"
          disabled={busy}
          onClick={() => void setStatus(closed ? 'open' : 'closed')}
          className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {closed ? labels.reopen : labels.close}
        </button>
      </header>
      <ThreadView
        messages={messages}
        viewer="operator"
        seenUpTo={conversation.seenUpTo}
        otherTyping={visitorTyping && !closed}
        labels={{
          messages: fill(labels.thread, { name }),
          you: labels.you,
          other: name,
          seen: labels.seen,
          typing: fill(labels.typing, { name }),
          closed: labels.closed,
          reopened: labels.reopened,
          loadOlder: labels.loadOlder,
        }}
        locale={locale}
        hasOlder={hasOlder}
        focusId={focusId}
        renderNote={(note, time) => (
          <NoteCard key={note.id} message={note} time={time} badge={labels.composer.noteBadge} />
        )}
        onLoadOlder={() => void loadOlder(messages[0]?.id ?? 0).then((count) => setHasOlder(count >= THREAD_PAGE_SIZE))}
        // The search hit's mark: the inbox's own style, not in the widget's stylesheet.
        className="min-h-64 [&_[data-focused]]:rounded-lg [&_[data-focused]]:bg-yellow-100 [&_[data-focused]]:p-1 [&_[data-focused]]:ring-2 [&_[data-focused]]:ring-yellow-500"
      />
      {conversation.rating && <VisitorRating rating={conversation.rating} labels={labels.rating} />}
      <ComposerSwitch id={`compose-${conversation.id}`} mode={mode} onChange={setMode} labels={labels.composer} />
      {mode === 'note' ? (
        <NoteComposer
          id={`note-${conversation.id}`}
          members={teammates}
          me={me}
          labels={labels.composer}
          onSend={(text) => post('notes', noteKey, text)}
          error={error}
        />
      ) : closed ? (
        <p className="p-3 text-sm text-slate-800">{labels.closedNotice}</p>
      ) : (
        <Composer
          id={composerId}
          labels={{
            form: labels.reply,
            message: labels.reply,
            send: labels.send,
            sending: labels.sending,
            placeholder: `${labels.reply}. ${labels.picker.hint}`,
          }}
          onSend={(text) => post('messages', requestKey, text)}
          onTyping={typing}
          error={error}
          assist={picker}
        />
      )}
      {closed && mode === 'reply' && error && (
        <p role="alert" className="px-3 pb-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
