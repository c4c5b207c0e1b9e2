'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { $fetch } from 'ofetch';
import { openEventStream, type StreamStatus } from '@/lib/client/event-stream';
import { TYPING_TTL_MS, type InboxConversationView, type MessageView } from '@/lib/conversations/constants';
import { UNREAD_EVENT } from '@/lib/dashboard/nav';
import { mergeMessages } from '@/components/conversations/thread-view';

export type Filter = 'all' | 'open' | 'closed' | 'unread';

function sorted(list: InboxConversationView[]) {
  return [...list].sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
}

/**
 * The inbox's data: the conversations of the owner's widgets, the threads opened, and who is typing,
 * kept live by the owner's event stream from the cursor of the first list on (new conversations and
 * messages, visitors typing and reading). Tells the navigation the number of unread conversations.
 */
export function useInbox(initial: { conversations: InboxConversationView[]; unread: number; cursor: number }) {
  const [all, setAll] = useState<Record<string, InboxConversationView>>(() =>
    Object.fromEntries(initial.conversations.map((c) => [c.id, c])),
  );
  const [threads, setThreads] = useState<Record<string, MessageView[]>>({});
  const [typing, setTyping] = useState<Record<string, boolean>>({});
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});

  const upsert = useCallback(
    (conversation: InboxConversationView) => setAll((current) => ({ ...current, [conversation.id]: conversation })),
    [],
  );

  useEffect(() => {
    const pending = timers.current;
    const stop = openEventStream('/api/conversations/events', {
      lastEventId: String(initial.cursor),
      onStatus: setStatus,
      onUnauthorized: () => window.location.reload(),
      onEvent: ({ event, data }) => {
        const payload = JSON.parse(data);
        if (event === 'message') {
          const { message, conversation } = payload as { message: MessageView; conversation: InboxConversationView };
          upsert(conversation);
          setThreads((current) =>
            current[conversation.id]
              ? { ...current, [conversation.id]: mergeMessages(current[conversation.id], [message]) }
              : current,
          );
          if (message.sender === 'visitor') setTyping((current) => ({ ...current, [conversation.id]: false }));
        } else if (event === 'conversation') {
          upsert(payload as InboxConversationView);
        } else if (event === 'typing' && payload.sender === 'visitor') {
          clearTimeout(pending[payload.conversationId]);
          setTyping((current) => ({ ...current, [payload.conversationId]: payload.typing }));
          if (payload.typing)
            pending[payload.conversationId] = setTimeout(
              () => setTyping((current) => ({ ...current, [payload.conversationId]: false })),
              TYPING_TTL_MS,
            );
        } else if (event === 'read') {
          setAll((current) => {
            const conversation = current[payload.conversationId];
            if (!conversation) return current;
            const changed =
              payload.reader === 'visitor'
                ? { seenUpTo: Math.max(conversation.seenUpTo, payload.upTo) }
                : { unread: payload.unread };
            return { ...current, [conversation.id]: { ...conversation, ...changed } };
          });
        }
      },
    });
    return () => {
      stop();
      for (const timer of Object.values(pending)) clearTimeout(timer);
    };
  }, [initial.cursor, upsert]);

  const conversations = sorted(Object.values(all));
  const unreadCount = conversations.filter((c) => c.unread > 0).length;
  useEffect(() => {
    window.dispatchEvent(new CustomEvent(UNREAD_EVENT, { detail: unreadCount }));
  }, [unreadCount]);

  const loadThread = useCallback(
    async (id: string, before?: number) => {
      const page = await $fetch<{ conversation: InboxConversationView; messages: MessageView[] }>(
        `/api/conversations/${id}`,
        { query: before ? { before } : {} },
      );
      upsert(page.conversation);
      setThreads((current) => ({ ...current, [id]: mergeMessages(current[id] ?? [], page.messages) }));
      return page.messages.length;
    },
    [upsert],
  );

  /** Older conversations for a filter (the first list holds the latest of all). */
  const loadFilter = useCallback(async (filter: Filter) => {
    const page = await $fetch<{ conversations: InboxConversationView[] }>('/api/conversations', {
      query: { status: filter },
    });
    setAll((current) => ({ ...current, ...Object.fromEntries(page.conversations.map((c) => [c.id, c])) }));
  }, []);

  const addMessage = useCallback(
    (message: MessageView) =>
      setThreads((current) => ({
        ...current,
        [message.conversationId]: mergeMessages(current[message.conversationId] ?? [], [message]),
      })),
    [],
  );

  return { conversations, unreadCount, threads, typing, status, upsert, loadThread, loadFilter, addMessage };
}
