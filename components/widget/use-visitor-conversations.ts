'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { openEventStream, type StreamStatus } from '@/lib/client/event-stream';
import {
  TYPING_TTL_MS,
  type MessageView,
  type PresenceView,
  type VisitorConversationView,
} from '@/lib/conversations/constants';
import { mergeMessages } from '@/components/conversations/thread-view';
import { tellPage } from './embedding';
import { VisitorSession, WidgetApiError, type Claim, type StartedVisitor } from './visitor-session';

type Phase = 'idle' | 'starting' | 'ready' | 'refused';
/** Refusals whose own text the visitor reads (who they are, when to try again); anything else: `errors.start`. */
const TOLD = new Set(['identityUnverified', 'identityExpired', 'tooManyVisitors']);
type MessageEvent = { message: MessageView; conversation: VisitorConversationView };

function upsert(list: VisitorConversationView[], conversation: VisitorConversationView) {
  return [conversation, ...list.filter((c) => c.id !== conversation.id)].sort((a, b) =>
    b.lastMessageAt.localeCompare(a.lastMessageAt),
  );
}

/**
 * The visitor's side of the widget: the session (token), their conversations and the open thread, kept
 * live by their event stream (messages, an operator typing and reading, presence). Starts when asked
 * (`start`), and again by itself when the server no longer knows the token. An operator's message is told to
 * the embedding page (`origin`) too, for its API's `message` listeners.
 */
export function useVisitorConversations({
  widgetId,
  locale,
  errors,
  initialPresence,
  origin,
}: {
  widgetId: string;
  origin: string | null;
  locale: string;
  errors: { general: string; start: string };
  initialPresence: PresenceView;
}) {
  const [visitor, setVisitor] = useState<StartedVisitor>({ verified: false, name: null, email: null, blocked: false });
  // A refusal of a blocked visitor's writing shows the notice in place of the composer at once.
  const [session] = useState(
    () => new VisitorSession(widgetId, errors.general, () => setVisitor((v) => ({ ...v, blocked: true }))),
  );
  const [phase, setPhase] = useState<Phase>('idle');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [conversations, setConversations] = useState<VisitorConversationView[]>([]);
  const [threads, setThreads] = useState<Record<string, MessageView[]>>({});
  const [typing, setTyping] = useState<Record<string, boolean>>({});
  const [presence, setPresence] = useState(initialPresence);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [generation, setGeneration] = useState(0);
  /** Whether the server knows this visitor: a new one is started only when they first write. */
  const [known, setKnown] = useState(false);
  const claim = useRef<Claim>(null);
  const typingTimers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});

  const start = useCallback(
    async (user: Claim) => {
      claim.current = user;
      setPhase('starting');
      try {
        setVisitor(await session.start(user, locale));
        setKnown(true);
        const list = await session.call<{ conversations: VisitorConversationView[]; cursor: number }>('/conversations');
        setConversations(list.conversations);
        setPhase('ready');
        return list.cursor;
      } catch (caught) {
        setRefusal(caught instanceof WidgetApiError && TOLD.has(caught.code ?? '') ? caught.message : errors.start);
        setPhase('refused');
        return null;
      }
    },
    [errors.start, locale, session],
  );

  const receive = useCallback((event: MessageEvent) => {
    setConversations((list) => upsert(list, event.conversation));
    setThreads((all) =>
      all[event.conversation.id]
        ? { ...all, [event.conversation.id]: mergeMessages(all[event.conversation.id], [event.message]) }
        : all,
    );
    if (event.message.sender === 'operator') setTyping((all) => ({ ...all, [event.conversation.id]: false }));
  }, []);

  // The stream, once started: from the cursor of the list just read, again after a new start.
  const cursor = useRef<number | null>(null);
  useEffect(() => {
    if (phase !== 'ready' || !known) return;
    const timers = typingTimers.current;
    const stop = openEventStream(`/api/widgets/${encodeURIComponent(widgetId)}/events`, {
      headers: (): Record<string, string> => (session.token ? { authorization: `Bearer ${session.token}` } : {}),
      lastEventId: cursor.current === null ? null : String(cursor.current),
      onStatus: setStatus,
      onUnauthorized: () => {
        void start(claim.current).then((next) => {
          cursor.current = next;
          setGeneration((g) => g + 1);
        });
      },
      onEvent: ({ event, data }) => {
        const payload = JSON.parse(data);
        if (event === 'message') {
          receive(payload as MessageEvent);
          const { message } = payload as MessageEvent;
          if (message.sender === 'operator')
            tellPage(origin, { name: 'message', conversationId: message.conversationId, text: message.text });
        } else if (event === 'presence') setPresence(payload as PresenceView);
        else if (event === 'blocked') setVisitor((v) => ({ ...v, blocked: payload.blocked }));
        else if (event === 'erased') {
          // The workspace erased this visitor: nothing of theirs stays on screen; the stream's reconnect gets a
          // 401, and the widget starts a new visitor.
          setConversations([]);
          setThreads({});
        } else if (event === 'typing' && payload.sender === 'operator') {
          clearTimeout(timers[payload.conversationId]);
          setTyping((all) => ({ ...all, [payload.conversationId]: payload.typing }));
          if (payload.typing)
            timers[payload.conversationId] = setTimeout(
              () => setTyping((all) => ({ ...all, [payload.conversationId]: false })),
              TYPING_TTL_MS,
            );
        } else if (event === 'read') {
          setConversations((list) =>
            list.map((c) =>
              c.id !== payload.conversationId
                ? c
                : payload.reader === 'operator'
                  ? { ...c, seenUpTo: Math.max(c.seenUpTo, payload.upTo) }
                  : { ...c, unread: payload.unread },
            ),
          );
        }
      },
    });
    return () => {
      stop();
      for (const timer of Object.values(timers)) clearTimeout(timer);
    };
  }, [phase, known, generation, widgetId, receive, start, session, origin]);

  // A new anonymous visitor has nothing to load: no visitor is made (and nothing stored) before they write.
  const begin = useCallback(
    async (user: Claim) => {
      if (user || session.returning()) cursor.current = await start(user);
      else setPhase('ready');
    },
    [start, session],
  );

  /** Makes the visitor the server knows, before their first message (throws a WidgetApiError). */
  const ensure = useCallback(async () => {
    if (session.token) return;
    setVisitor(await session.start(claim.current, locale));
    cursor.current = null;
    setKnown(true);
  }, [session, locale]);

  const loadThread = useCallback(
    async (id: string, before?: number) => {
      const page = await session.call<{ conversation: VisitorConversationView; messages: MessageView[] }>(
        `/conversations/${id}`,
        { query: before ? { before } : {} },
      );
      setConversations((list) => upsert(list, page.conversation));
      setThreads((all) => ({ ...all, [id]: mergeMessages(all[id] ?? [], page.messages) }));
      return page.messages.length;
    },
    [session],
  );

  return {
    session,
    phase,
    refusal,
    visitor,
    setVisitor,
    conversations,
    setConversations,
    threads,
    receive,
    typing,
    presence,
    status,
    known,
    begin,
    ensure,
    loadThread,
  };
}
