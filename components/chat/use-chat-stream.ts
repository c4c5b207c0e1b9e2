'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { $fetch } from 'ofetch';
import { openEventStream, type StreamEvent, type StreamStatus } from '@/lib/client/event-stream';
import { CHAT_PAGE_SIZE, type ChatMessageView } from '@/lib/chat/constants';

type Page = { messages: ChatMessageView[] };

/**
 * Messages by id, oldest first, each once (the stream may repeat what a POST already answered), none
 * that was deleted (a POST's answer may arrive after the stream said so).
 */
function merge(current: ChatMessageView[], incoming: ChatMessageView[], deleted: Set<number>): ChatMessageView[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) if (!deleted.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A chat room's data in the browser: the latest page, then the room's event stream from its last
 * message on (lib/client/event-stream: status, backoff, resuming with Last-Event-ID), older pages on
 * demand, messages support staff delete, and what arrived while the reader was scrolled up or away
 * (the list reports where the reader is with `reading`).
 */
export function useChatStream(room: string) {
  const base = `/api/chat/${encodeURIComponent(room)}`;
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [history, setHistory] = useState({ more: false, loading: false, failed: false });
  const [unreadFrom, setUnreadFrom] = useState<number | null>(null);
  const [unseen, setUnseen] = useState(0);
  const [own, setOwn] = useState<ReadonlySet<number>>(() => new Set());
  const atBottom = useRef(true);
  const deleted = useRef(new Set<number>());
  const paging = useRef(false);

  /** Whether the reader sees new messages as they arrive (at the bottom of a visible page). */
  const following = useCallback(() => atBottom.current && document.visibilityState === 'visible', []);

  const receive = useCallback(
    (incoming: ChatMessageView[], live: boolean) => {
      if (incoming.length === 0) return;
      if (live && !following()) {
        setUnreadFrom((current) => current ?? incoming[0].id);
        setUnseen((count) => count + incoming.length);
      }
      setMessages((current) => merge(current, incoming, deleted.current));
    },
    [following],
  );

  /** A message support staff deleted goes for good, wherever it was in the list. */
  const remove = useCallback((id: number) => {
    deleted.current.add(id);
    setMessages((current) => current.filter((message) => message.id !== id));
  }, []);

  // The latest page first, then the stream from its last message on (without one, the stream starts
  // with the latest messages itself).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    const onEvent = ({ event, data }: StreamEvent) => {
      try {
        if (event === 'deleted') remove((JSON.parse(data) as { id: number }).id);
        else if (event === 'message') receive([JSON.parse(data) as ChatMessageView], true);
      } catch {
        // Not an event of ours: ignore.
      }
    };
    const start = async () => {
      let lastId: number | undefined;
      try {
        const page = await $fetch<Page>(`${base}/messages`, { retry: 2 });
        if (stopped) return;
        setHistory((current) => ({ ...current, more: page.messages.length >= CHAT_PAGE_SIZE }));
        receive(page.messages, false);
        lastId = page.messages.at(-1)?.id;
      } catch {
        if (stopped) return;
      }
      setLoaded(true);
      stop = openEventStream(`${base}/events`, {
        lastEventId: lastId ? String(lastId) : null,
        onStatus: setStatus,
        onEvent,
      });
    };
    void start();
    return () => {
      stopped = true;
      stop?.();
    };
  }, [base, receive, remove]);

  const oldest = messages[0]?.id;
  const loadOlder = useCallback(async () => {
    if (paging.current || !history.more || oldest === undefined) return;
    paging.current = true;
    setHistory((current) => ({ ...current, loading: true, failed: false }));
    try {
      const page = await $fetch<Page>(`${base}/messages`, { query: { before: oldest }, retry: 2 });
      setMessages((current) => merge(current, page.messages, deleted.current));
      setHistory({ more: page.messages.length >= CHAT_PAGE_SIZE, loading: false, failed: false });
    } catch {
      setHistory((current) => ({ ...current, loading: false, failed: true }));
    } finally {
      paging.current = false;
    }
  }, [base, history.more, oldest]);

  /** Where the reader is: at the bottom (and the page visible), what arrived is read. */
  const reading = useCallback((bottom: boolean) => {
    atBottom.current = bottom;
    if (bottom && document.visibilityState === 'visible') setUnseen(0);
  }, []);

  useEffect(() => {
    const visible = () => reading(atBottom.current);
    document.addEventListener('visibilitychange', visible);
    return () => document.removeEventListener('visibilitychange', visible);
  }, [reading]);

  /** The reader's own message, as the server answered it: read, and shown at the bottom. */
  const sent = useCallback(
    (message: ChatMessageView) => {
      setOwn((current) => new Set(current).add(message.id));
      setUnreadFrom(null);
      setUnseen(0);
      atBottom.current = true;
      receive([message], false);
    },
    [receive],
  );

  return {
    base,
    messages,
    loaded,
    status,
    history,
    unreadFrom,
    unseen,
    own,
    following,
    loadOlder,
    reading,
    remove,
    sent,
  };
}
