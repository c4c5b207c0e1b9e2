'use client';

import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { openEventStream, type StreamEvent, type StreamStatus } from '@/lib/client/event-stream';
import { alertFor, titleWithCount, type AlertContext } from '@/lib/dashboard/alerts';
import { UNREAD_EVENT } from '@/lib/dashboard/nav';
import { fill, type Messages } from '@/lib/i18n/slices';

type Listener = (event: StreamEvent) => void;
type Stream = { subscribe: (listener: Listener, after: number) => () => void; status: StreamStatus };

const DashboardStreamContext = createContext<Stream | null>(null);
/** Messages kept to hand to a page that subscribes after they arrived (the inbox, from its list's cursor on). */
const KEPT_EVENTS = 200;
export const ALERT_SOUND = '/sounds/alert.wav';

/** The dashboard's event stream, for a page that shows it (the inbox): its events from `after` on, and its state. */
export function useDashboardStream(listener: Listener, after: number): StreamStatus {
  const stream = useContext(DashboardStreamContext);
  const current = useRef(listener);
  useEffect(() => {
    current.current = listener;
  });
  const subscribe = stream?.subscribe;
  useEffect(() => subscribe?.((event) => current.current(event), after), [subscribe, after]);
  return stream?.status ?? 'connecting';
}

type MessageEvent = {
  message: { sender: string; conversationId: string; text: string; authorName: string | null; mentions?: string[] };
  conversation: {
    id: string;
    widget: { name: string };
    visitor: { name: string | null; email: string | null };
    assignee: { uid: string } | null;
  };
};

/**
 * The operator's one event stream per tab, opened by the dashboard layout on every page: it keeps the
 * navigation's unread count live, alerts on visitors' messages and on notes that mention the operator (the
 * sound, the count in the tab's title and a desktop notification while the tab is hidden, whose click opens the
 * thread), and hands its events to the inbox, which opens no second connection.
 */
export function DashboardStream({
  events,
  cursor,
  inboxPath,
  sound,
  operator,
  labels,
  children,
}: {
  /** The workspace's inbox event stream. */
  events: string;
  cursor: number;
  inboxPath: string;
  sound: boolean;
  /** The signed-in operator and the conversations they want alerts for. */
  operator: Pick<AlertContext, 'uid' | 'scope'>;
  labels: Messages['Dashboard']['alerts'];
  children: ReactNode;
}) {
  const router = useRouter();
  // The stream resumes by itself: a refreshed layout's newer cursor must not open another connection.
  const [start] = useState(cursor);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const listeners = useRef(new Set<Listener>());
  const kept = useRef<StreamEvent[]>([]);
  const unseen = useRef(new Set<string>());
  // The latest props, for the stream's handler that lives as long as the layout.
  const settings = useRef({ inboxPath, sound, operator, labels, router });
  useEffect(() => {
    settings.current = { inboxPath, sound, operator, labels, router };
  });

  useEffect(() => {
    const showCount = () => (document.title = titleWithCount(document.title, unseen.current.size));
    const seen = () => {
      if (document.visibilityState !== 'visible' || unseen.current.size === 0) return;
      unseen.current.clear();
      showCount();
    };
    function alert({ message, conversation }: MessageEvent) {
      const { inboxPath, sound, operator, labels, router } = settings.current;
      const onInbox = window.location.pathname === inboxPath;
      const open = onInbox ? new URLSearchParams(window.location.search).get('conversation') : null;
      const hidden = document.visibilityState === 'hidden';
      const what = alertFor(
        { ...message, assigneeUid: conversation.assignee?.uid ?? null },
        { hidden, openConversation: open, sound, ...operator },
      );
      if (!what) return;
      // Browsers refuse sound before the page had a gesture: that is their rule, not an error.
      if (what.sound) new Audio(ALERT_SOUND).play().catch(() => {});
      if (what.count) {
        unseen.current.add(conversation.id);
        showCount();
      }
      if (what.notify && 'Notification' in window && Notification.permission === 'granted') {
        const visitor = conversation.visitor.name ?? conversation.visitor.email ?? labels.anonymous;
        const title = what.mention
          ? fill(labels.mention, { name: message.authorName ?? '' })
          : fill(labels.notification, { visitor, widget: conversation.widget.name });
        const notification = new Notification(title, {
          body: message.text,
          // One per conversation, and a mention beside a visitor's message rather than in its place.
          tag: what.mention ? `note:${conversation.id}` : conversation.id,
        });
        notification.onclick = () => {
          window.focus();
          notification.close();
          router.push(`${inboxPath}?conversation=${encodeURIComponent(conversation.id)}`);
        };
      }
    }
    const stop = openEventStream(events, {
      lastEventId: String(start),
      onStatus: setStatus,
      onUnauthorized: () => window.location.reload(),
      onEvent: (event) => {
        if (event.id !== null && kept.current.push(event) > KEPT_EVENTS) kept.current.shift();
        for (const listener of listeners.current) listener(event);
        if (event.event === 'unread')
          window.dispatchEvent(new CustomEvent(UNREAD_EVENT, { detail: JSON.parse(event.data).total }));
        else if (event.event === 'message') alert(JSON.parse(event.data) as MessageEvent);
        // No longer a member: the dashboard shows what is left (the stream is over and stays so).
        else if (event.event === 'removed') window.location.reload();
      },
    });
    document.addEventListener('visibilitychange', seen);
    window.addEventListener('focus', seen);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', seen);
      window.removeEventListener('focus', seen);
    };
  }, [events, start]);

  const [stream] = useState<Omit<Stream, 'status'>>(() => ({
    subscribe(listener, after) {
      // What arrived before the page subscribed and after its own data was read.
      for (const event of kept.current) if (Number(event.id) > after) listener(event);
      listeners.current.add(listener);
      return () => void listeners.current.delete(listener);
    },
  }));
  const value = useMemo(() => ({ ...stream, status }), [stream, status]);
  return <DashboardStreamContext.Provider value={value}>{children}</DashboardStreamContext.Provider>;
}
