'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { $fetch } from 'ofetch';
import type { StreamEvent } from '@/lib/client/event-stream';
import {
  TYPING_TTL_MS,
  type LabelView,
  type InboxConversationView,
  type InboxPage,
  type InboxView,
  type MessageView,
} from '@/lib/conversations/constants';
import { mergeMessages } from '@/components/conversations/thread-view';
import { useDashboardStream } from '@/components/dashboard/dashboard-stream';
import { useSnoozeClock } from './snooze-clock';

export type Filter = 'all' | 'open' | 'snoozed' | 'closed' | 'unread';
/** What the list shows: a status filter in a view, with one label only or any (''). */
export type Selection = { filter: Filter; view: InboxView; label: string };
/** A member and their presence, as the inbox stream's `teammates` frames say. */
export type Teammate = { uid: string; name: string; presence: 'available' | 'away' | 'offline' };

/** The paging key of a selection (the view `all` without a label keeps the filter's own key). */
const pageKey = ({ filter, view, label }: Selection) =>
  view === 'all' && !label ? filter : `${filter}:${view}:${label}`;

/** The server's order: latest activity first, ties by id. */
function sorted(list: InboxConversationView[]) {
  return [...list].sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt) || b.id.localeCompare(a.id));
}

/**
 * The inbox's data: the conversations of the workspace's widgets loaded so far (page by page), the threads
 * opened, and who is typing, kept live by the dashboard's event stream (the layout's, one per tab) from the
 * cursor of the first page on: new conversations and messages, visitors typing and reading, the unread total.
 */
/** `api`: the workspace's inbox API, `/api/workspaces/<id>/inbox`. */
export function useInbox(initial: InboxPage, api: string, initialTeammates: Teammate[], initialLabels: LabelView[]) {
  const [teammates, setTeammates] = useState(initialTeammates);
  const [labels, setLabels] = useState(initialLabels);
  const [all, setAll] = useState<Record<string, InboxConversationView>>(() =>
    Object.fromEntries(initial.conversations.map((c) => [c.id, c])),
  );
  const [unread, setUnread] = useState(initial.unread);
  // Where each filter's next page starts; null once it has none. A page's position holds for every filter
  // (everything newer than it is loaded), so a filter not paged yet goes on from the first list's.
  const [next, setNext] = useState<Partial<Record<string, string | null>> & { all: string | null }>({
    all: initial.nextCursor,
  });
  const [loading, setLoading] = useState<Partial<Record<string, boolean>>>({});
  const paging = useRef(new Set<string>());
  const [threads, setThreads] = useState<Record<string, MessageView[]>>({});
  const [typing, setTyping] = useState<Record<string, boolean>>({});
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  /** Conversations whose visitor was erased while this inbox was open: their address says so. */
  const [erased, setErased] = useState<ReadonlySet<string>>(() => new Set());

  const upsert = useCallback(
    (conversation: InboxConversationView) => setAll((current) => ({ ...current, [conversation.id]: conversation })),
    [],
  );

  const setVisitorBlocked = useCallback(
    (id: string, blocked: boolean) =>
      setAll((current) => {
        const theirs = Object.values(current).filter((c) => c.visitor.id === id);
        const changed = theirs.map((c) => [c.id, { ...c, visitor: { ...c.visitor, blocked } }]);
        return theirs.length ? { ...current, ...Object.fromEntries(changed) } : current;
      }),
    [],
  );
  // The conversations loaded now, for dropVisitor to name those it removes (an updater must stay pure).
  const loaded = useRef(all);
  useEffect(() => {
    loaded.current = all;
  }, [all]);
  /** Removes the conversations of an erased visitor; the open one then says what happened. */
  const dropVisitor = useCallback((id: string) => {
    const theirs = Object.values(loaded.current).filter((c) => c.visitor.id === id);
    if (theirs.length === 0) return;
    setErased((known) => new Set([...known, ...theirs.map((c) => c.id)]));
    setAll((current) => Object.fromEntries(Object.entries(current).filter(([, c]) => c.visitor.id !== id)));
  }, []);

  const onEvent = useCallback(
    ({ event, data }: StreamEvent) => {
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
      } else if (event === 'labels') {
        setLabels(payload as LabelView[]);
      } else if (event === 'visitorErased') {
        dropVisitor((payload as { visitorId: string }).visitorId);
      } else if (event === 'teammates') {
        setTeammates(payload as Teammate[]);
      } else if (event === 'unread') {
        setUnread((payload as { total: number }).total);
      } else if (event === 'typing' && payload.sender === 'visitor') {
        clearTimeout(timers.current[payload.conversationId]);
        setTyping((current) => ({ ...current, [payload.conversationId]: payload.typing }));
        if (payload.typing)
          timers.current[payload.conversationId] = setTimeout(
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
    [upsert, dropVisitor],
  );
  const status = useDashboardStream(onEvent, initial.cursor);
  useEffect(() => {
    const pending = timers.current;
    return () => Object.values(pending).forEach(clearTimeout);
  }, []);

  const conversations = useMemo(() => sorted(Object.values(all)), [all]);
  const now = useSnoozeClock(conversations);

  /** A thread's latest messages, those `before` one, or those `around` one (a search hit). */
  const loadThread = useCallback(
    async (id: string, { before, around }: { before?: number; around?: number } = {}) => {
      const page = await $fetch<{ conversation: InboxConversationView; messages: MessageView[] }>(
        `${api}/${encodeURIComponent(id)}`,
        { query: before ? { before } : around ? { around } : {} },
      );
      upsert(page.conversation);
      setThreads((current) => ({ ...current, [id]: mergeMessages(current[id] ?? [], page.messages) }));
      return page.messages.length;
    },
    [api, upsert],
  );

  const cursorOf = useCallback(
    (key: string): string | null => {
      const own = next[key];
      return own === undefined ? next.all : own;
    },
    [next],
  );

  /** The next page of a selection; answers its conversations (none when it has no more or is being read). */
  const loadMore = useCallback(
    async (selection: Selection): Promise<InboxConversationView[]> => {
      const key = pageKey(selection);
      const cursor = cursorOf(key);
      if (cursor === null || paging.current.has(key)) return [];
      paging.current.add(key);
      setLoading((current) => ({ ...current, [key]: true }));
      try {
        const { filter, view, label } = selection;
        const page = await $fetch<InboxPage>(api, {
          query: { status: filter, view, cursor, ...(label && { label }) },
        });
        // What is loaded already stays: the stream keeps it current.
        setAll((current) => ({ ...Object.fromEntries(page.conversations.map((c) => [c.id, c])), ...current }));
        setNext((current) => ({ ...current, [key]: page.nextCursor }));
        return page.conversations;
      } finally {
        paging.current.delete(key);
        setLoading((current) => ({ ...current, [key]: false }));
      }
    },
    [api, cursorOf],
  );
  const hasMore = (selection: Selection) => cursorOf(pageKey(selection)) !== null;
  const isLoading = (selection: Selection) => !!loading[pageKey(selection)];

  const addMessage = useCallback(
    (message: MessageView) =>
      setThreads((current) => ({
        ...current,
        [message.conversationId]: mergeMessages(current[message.conversationId] ?? [], [message]),
      })),
    [],
  );

  return {
    conversations,
    unread,
    threads,
    typing,
    status,
    teammates,
    labels,
    setLabels,
    now,
    upsert,
    loadThread,
    loadMore,
    hasMore,
    isLoading,
    addMessage,
    erased,
    setVisitorBlocked,
    dropVisitor,
  };
}
