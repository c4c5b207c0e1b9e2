'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import type { PresenceView } from '@/lib/conversations/constants';
import { RESIZE_MESSAGE } from '@/lib/widgets/frame';
import type { BusinessHours, LauncherPosition, PreChatMode } from '@/lib/db/schema/widget-settings';
import { cn } from '@/lib/cn';
import { embeddingOrigin, useEmbeddingContext } from './embedding';
import { fill, plural, type Messages } from '@/lib/client/messages';
import { AwayNotice, PresenceLine, useAvailable } from './presence-notice';
import { StartConversation } from './start-conversation';
import { useVisitorConversations } from './use-visitor-conversations';
import { VisitorThread } from './visitor-thread';
import { ConversationList } from './conversation-list';

export type WidgetConfig = {
  id: string;
  name: string;
  greeting: string;
  accent: { background: string; text: string };
  launcherPosition: LauncherPosition;
  preChat: PreChatMode;
  awayMessage: string;
  businessHours: BusinessHours | null;
  allowedOrigins: string[];
};

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'thread'; id: string };

/**
 * The widget a visitor sees: a launcher that opens the panel (`launcher`), or the panel alone (`inline`
 * for a plain iframe, `page` for the link of an e-mail). The panel shows whether the team is there,
 * the visitor's own conversations and one of them at a time, live. Opening and closing asks the
 * embedding page, and only an allowed one, to resize the frame.
 */
export function WidgetApp({
  widget,
  mode,
  initiallyOpen,
  locale,
  labels,
  initialPresence,
  initialConversation,
}: {
  widget: WidgetConfig;
  mode: 'launcher' | 'inline' | 'page';
  /** Whether the panel shows at first (always, but for a launcher that has not been clicked). */
  initiallyOpen: boolean;
  locale: string;
  labels: Messages['Widget'];
  initialPresence: PresenceView;
  initialConversation: string | null;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [view, setView] = useState<View>(
    initialConversation ? { kind: 'thread', id: initialConversation } : { kind: 'list' },
  );
  const [visible, setVisible] = useState(true);
  const origin = useMemo(
    () => (typeof window === 'undefined' ? null : embeddingOrigin(widget.allowedOrigins)),
    [widget.allowedOrigins],
  );
  const context = useEmbeddingContext(mode === 'page' ? null : origin);
  const state = useVisitorConversations({ widgetId: widget.id, locale, errors: labels.errors, initialPresence });
  const available = useAvailable(state.presence);
  const { session, phase, begin } = state;

  // The link of an e-mail carries the visitor's token in its fragment (no server ever sees it).
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (mode !== 'page' || !token) return;
    session.adopt(token);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }, [mode, session]);

  // A returning visitor (or the customer's signed-in user) reconnects at once; a new one when they open the chat.
  useEffect(() => {
    if (context.ready && phase === 'idle' && (open || context.user || session.returning())) void begin(context.user);
  }, [context.ready, context.user, phase, open, begin, session]);

  useEffect(() => {
    if (mode !== 'launcher' || !origin) return;
    window.parent.postMessage({ type: RESIZE_MESSAGE, open, position: widget.launcherPosition }, origin);
  }, [open, mode, origin, widget.launcherPosition]);

  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);

  // With nothing to go back to, a visitor starts a conversation straight away.
  const list =
    phase === 'ready' && view.kind === 'list' && state.conversations.length === 0 ? { kind: 'new' as const } : view;
  const unread = state.conversations.reduce((sum, c) => sum + c.unread, 0);
  const current = list.kind === 'thread' ? state.conversations.find((c) => c.id === list.id) : undefined;
  const requested = useRef(new Set<string>());
  const { loadThread } = state;
  const threadId = list.kind === 'thread' ? list.id : null;
  useEffect(() => {
    if (!threadId || phase !== 'ready' || requested.current.has(threadId)) return;
    requested.current.add(threadId);
    void loadThread(threadId).catch(() => setView({ kind: 'list' }));
  }, [threadId, phase, loadThread]);
  const left = widget.launcherPosition === 'left';

  if (!open) {
    return (
      <main aria-label={widget.name}>
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={
            unread > 0
              ? plural(labels.openUnread, unread, locale, { name: widget.name })
              : fill(labels.open, { name: widget.name })
          }
          style={{ backgroundColor: widget.accent.background, color: widget.accent.text }}
          className={cn(
            'fixed bottom-1 flex h-16 w-16 items-center justify-center rounded-full shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900',
            left ? 'left-1' : 'right-1',
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

  return (
    <main
      aria-labelledby="widget-title"
      className={cn(
        'flex h-screen flex-col overflow-hidden bg-white',
        mode !== 'page' && 'rounded-lg border border-slate-200 shadow-lg',
      )}
    >
      <header
        style={{ backgroundColor: widget.accent.background, color: widget.accent.text }}
        className="flex items-center justify-between gap-3 px-4 py-3"
      >
        <div className="min-w-0">
          <h1 id="widget-title" className="truncate text-base font-semibold">
            {widget.name}
          </h1>
          <PresenceLine available={available} labels={labels} />
        </div>
        {mode === 'launcher' && (
          <button
            type="button"
            onClick={() => setOpen(false)}
            aria-label={labels.close}
            className="rounded p-1 focus-visible:outline-2 focus-visible:outline-current"
          >
            <svg
              aria-hidden="true"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        )}
      </header>
      {state.visitor.verified && state.visitor.name && (
        <p className="border-b border-slate-200 px-4 py-1 text-xs text-slate-700">
          {fill(labels.verifiedAs, { name: state.visitor.name })}
        </p>
      )}
      {phase === 'refused' ? (
        <p role="alert" className="m-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {state.refusal}
        </p>
      ) : phase !== 'ready' ? (
        <p role="status" className="m-3 text-sm text-slate-700">
          {labels.status.connecting}
        </p>
      ) : (
        <div className="flex min-h-0 flex-1 flex-col">
          {state.status !== 'live' && state.status !== 'connecting' && (
            <p role="status" className="bg-amber-50 px-3 py-1 text-xs text-amber-900">
              {labels.status[state.status]}
            </p>
          )}
          {list.kind !== 'thread' && (
            <div className="space-y-2 border-b border-slate-200 px-3 py-2">
              <p className="text-sm text-slate-900">{widget.greeting || labels.greeting}</p>
              {!available && (
                <AwayNotice
                  presence={state.presence}
                  awayMessage={widget.awayMessage}
                  hours={widget.businessHours}
                  labels={labels}
                  locale={locale}
                />
              )}
            </div>
          )}
          {list.kind === 'list' && (
            <ConversationList
              conversations={state.conversations}
              labels={labels}
              locale={locale}
              onOpen={(id) => setView({ kind: 'thread', id })}
              onNew={() => setView({ kind: 'new' })}
            />
          )}
          {list.kind === 'new' && (
            <StartConversation
              session={session}
              visitor={state.visitor}
              preChat={widget.preChat}
              available={available}
              labels={labels}
              locale={locale}
              page={context.page}
              onStarted={(started, details) => {
                state.setVisitor((v) => ({
                  ...v,
                  name: v.name ?? details.name ?? null,
                  email: v.email ?? details.email ?? null,
                }));
                state.setConversations((all) => [
                  started.conversation,
                  ...all.filter((c) => c.id !== started.conversation.id),
                ]);
                state.receive(started);
                setView({ kind: 'thread', id: started.conversation.id });
              }}
            />
          )}
          {list.kind === 'thread' && current && (
            <>
              <button
                type="button"
                onClick={() => setView({ kind: 'list' })}
                className="border-b border-slate-200 px-3 py-2 text-left text-sm font-medium text-brand-700 underline"
              >
                {labels.back}
              </button>
              {!available && current.status === 'open' && (
                <div className="px-3 pt-2">
                  <AwayNotice
                    presence={state.presence}
                    awayMessage={widget.awayMessage}
                    hours={widget.businessHours}
                    labels={labels}
                    locale={locale}
                  />
                </div>
              )}
              <VisitorThread
                key={current.id}
                session={session}
                conversation={current}
                messages={state.threads[current.id] ?? []}
                teamTyping={!!state.typing[current.id]}
                visitor={state.visitor}
                available={available}
                visible={open && visible}
                labels={labels}
                locale={locale}
                accent={widget.accent}
                page={context.page}
                loadOlder={(before) => state.loadThread(current.id, before)}
                onSent={(message) =>
                  state.receive({
                    message,
                    conversation: { ...current, lastMessageAt: message.createdAt, lastMessagePreview: message.text },
                  })
                }
                onNewConversation={() => setView({ kind: 'new' })}
              />
            </>
          )}
        </div>
      )}
    </main>
  );
}
