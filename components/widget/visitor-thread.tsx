'use client';

import { useEffect, useRef, useState } from 'react';
import type { MessageView, VisitorConversationView } from '@/lib/conversations/constants';
import { THREAD_PAGE_SIZE } from '@/lib/conversations/constants';
import { Composer } from '@/components/conversations/composer';
import { ThreadView } from '@/components/conversations/thread-view';
import { WidgetApiError, type StartedVisitor, type VisitorSession } from './visitor-session';
import { EmailForm, saveEmail } from './widget-forms';
import { lazyPart } from './lazy-part';
import type { PageContext } from './start-conversation';
import type { Messages } from '@/lib/i18n/slices';

// Asked only once a conversation is closed: its code and texts load then (not with the opened widget).
const RatingForm = lazyPart(() => import('./rating-part').then((module) => module.RatingPart));

/** What a blocked visitor reads where the composer was: the workspace no longer takes their messages. */
export function BlockedNotice({ text }: { text: string }) {
  return (
    <p role="status" className="m-3 rounded-md bg-slate-100 p-3 text-sm text-slate-900">
      {text}
    </p>
  );
}

/**
 * One of the visitor's conversations: the thread (the operators' "seen" and typing), the composer while it
 * is open, the transcript by e-mail, and the address form when nobody is there to answer now. What the
 * visitor sees is marked read while the widget is open and visible.
 */
export function VisitorThread({
  session,
  conversation,
  messages,
  teamTyping,
  visitor,
  available,
  visible,
  labels,
  locale,
  accent,
  page,
  loadOlder,
  onSent,
  onNewConversation,
  askRating,
  onRated,
}: {
  session: VisitorSession;
  conversation: VisitorConversationView;
  messages: MessageView[];
  teamTyping: boolean;
  visitor: StartedVisitor;
  available: boolean;
  visible: boolean;
  labels: Messages['Widget'];
  locale: string;
  accent: { background: string; text: string };
  page: PageContext;
  loadOlder: (before: number) => Promise<number>;
  onSent: (message: MessageView) => void;
  onNewConversation: () => void;
  /** Whether the widget asks for a rating once the conversation is closed. */
  askRating: boolean;
  onRated: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  // Asked while this thread is shown: "not now" hides the question; once rated here, the form says thanks.
  const [rating, setRating] = useState<'ask' | 'dismissed' | 'thanked'>('ask');
  const [hasOlder, setHasOlder] = useState(messages.length >= THREAD_PAGE_SIZE);
  const requestKey = useRef(crypto.randomUUID());
  const base = `/conversations/${conversation.id}`;

  // The operators' messages the visitor sees now are read.
  const latestFromTeam = [...messages].reverse().find((m) => m.sender === 'operator')?.id ?? 0;
  const readUpTo = useRef(0);
  useEffect(() => {
    if (!visible || latestFromTeam <= readUpTo.current) return;
    readUpTo.current = latestFromTeam;
    void session
      .call(base, { method: 'PATCH', body: { readUpTo: latestFromTeam } })
      .catch(() => (readUpTo.current = 0));
  }, [visible, latestFromTeam, session, base]);

  async function send(text: string) {
    setError(null);
    try {
      const { message } = await session.call<{ message: MessageView }>(`${base}/messages`, {
        method: 'POST',
        body: { text, requestKey: requestKey.current, pageUrl: page.url, pageTitle: page.title },
      });
      requestKey.current = crypto.randomUUID();
      session.keep();
      onSent(message);
      return true;
    } catch (caught) {
      setError(caught instanceof WidgetApiError ? caught.message : labels.errors.general);
      return false;
    }
  }

  async function rate(score: number, comment: string) {
    try {
      await session.call(`${base}/rating`, { method: 'POST', body: { score, comment } });
      setRating('thanked');
      onRated();
      return null;
    } catch (caught) {
      return caught instanceof WidgetApiError ? caught.message : labels.errors.general;
    }
  }

  const typing = (on: boolean) =>
    void session.call(`${base}/typing`, { method: 'POST', body: { typing: on } }).catch(() => {});
  const closed = conversation.status === 'closed';
  return (
    <>
      <ThreadView
        messages={messages}
        viewer="visitor"
        seenUpTo={conversation.seenUpTo}
        otherTyping={teamTyping && !closed}
        labels={{
          messages: labels.messages,
          you: labels.you,
          other: labels.operators,
          seen: labels.seen,
          typing: labels.typing,
          closed: labels.closed,
          reopened: labels.reopened,
          loadOlder: labels.loadOlder,
        }}
        locale={locale}
        accent={accent}
        hasOlder={hasOlder}
        onLoadOlder={() => void loadOlder(messages[0]?.id ?? 0).then((count) => setHasOlder(count >= THREAD_PAGE_SIZE))}
      />
      <div className="space-y-3 px-3 pb-2">
        {!available && !visitor.email && !closed && (
          <EmailForm
            id="away-email"
            labels={labels}
            prompt={labels.emailPrompt}
            action={labels.emailSave}
            done={labels.emailSaved}
            send={saveEmail(session)}
          />
        )}
        {closed && <p className="rounded-md bg-slate-100 p-2 text-sm text-slate-900">{labels.closedNotice}</p>}
        {closed && askRating && (rating === 'thanked' || (!conversation.rated && rating === 'ask')) && (
          <RatingForm
            id={`rating-${conversation.id}`}
            locale={locale}
            accent={accent}
            send={rate}
            onDismiss={() => setRating('dismissed')}
          />
        )}
        <details>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{labels.transcript}</summary>
          <div className="pt-2">
            <EmailForm
              id="transcript-email"
              labels={labels}
              prompt={labels.transcript}
              action={labels.transcriptSend}
              done={labels.transcriptSent}
              initial={visitor.email}
              send={(email) =>
                session
                  .call<{ status: 'sent' | 'confirm' }>(`${base}/transcript`, { method: 'POST', body: { email } })
                  .then(({ status }) => {
                    session.keep();
                    return status === 'sent' ? labels.transcriptSent : labels.transcriptConfirm;
                  })
              }
            />
          </div>
        </details>
        {closed && (
          <button
            type="button"
            onClick={onNewConversation}
            className="w-full rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {labels.newConversation}
          </button>
        )}
      </div>
      {visitor.blocked ? (
        <BlockedNotice text={labels.blocked} />
      ) : (
        !closed && (
          <Composer
            id={`thread-${conversation.id}`}
            labels={{ form: labels.composer, message: labels.message, send: labels.send, sending: labels.sending }}
            onSend={send}
            onTyping={typing}
            error={error}
          />
        )
      )}
    </>
  );
}
