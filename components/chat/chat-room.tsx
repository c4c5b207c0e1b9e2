'use client';

import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { $fetch } from 'ofetch';
import { readApiError } from '@/lib/client/api-error';
import { CHAT_NAME_MAX, CHAT_PAGE_SIZE, CHAT_TEXT_MAX, type ChatMessageView } from '@/lib/chat/constants';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { MessageText } from './message-text';
import { sendOnEnter } from '@/lib/client/send-on-enter';
import type { ModerationLabels } from './moderation';

// Support staff's controls: a chunk of their own, loaded only when the page hands the room their labels
// (React's lazy rather than next/dynamic, whose loader would add to every visitor's first load).
const MessageModeration = lazy(() => import('./moderation').then((module) => ({ default: module.MessageModeration })));
const MutedAuthors = lazy(() => import('./moderation').then((module) => ({ default: module.MutedAuthors })));

export type ChatLabels = {
  messages: string;
  empty: string;
  loadOlder: string;
  loadingOlder: string;
  beginning: string;
  newMessages: string;
  /** With `{count}`, by plural category. */
  jumpToLatest: { one: string; other: string };
  status: { connecting: string; live: string; reconnecting: string; offline: string };
  composer: string;
  guestName: string;
  message: string;
  send: string;
  sending: string;
  hint: string;
  guest: string;
  host: string;
  you: string;
  /** With `{count}` and `{max}`. */
  counter: string;
  errors: { general: string; history: string };
};

/** Who writes: a signed-in user (their name is fixed, `postingAs` says so) or a guest who types a name. */
export type ChatViewer = { kind: 'user'; postingAs: string } | { kind: 'guest' };

type Status = 'connecting' | 'live' | 'reconnecting' | 'offline';

const NAME_KEY = 'chat_name';
const MAX_RETRY_MS = 15_000;

function readGuestName(): string {
  const cookie = document.cookie.split('; ').find((part) => part.startsWith(`${NAME_KEY}=`));
  if (cookie) {
    try {
      return decodeURIComponent(cookie.slice(NAME_KEY.length + 1));
    } catch {
      // A malformed cookie: fall through.
    }
  }
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

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

function nearBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight < 48;
}

/**
 * A live chat room: the latest messages, older ones on demand (button or scrolling to the top), new
 * ones as server-sent events, an unread marker for what arrived while the reader was scrolled up or
 * away, and a composer. Reconnects by itself (EventSource resumes with Last-Event-ID; after a refused
 * connection it opens a new one from the last id it has) and says so while offline.
 */
export function ChatRoom({
  room,
  locale,
  labels,
  viewer,
  heading,
  logClassName,
  accent,
  composerLabel,
  moderation,
}: {
  room: string;
  locale: string;
  labels: ChatLabels;
  viewer: ChatViewer;
  heading?: ReactNode;
  logClassName?: string;
  /** The widget's accent colour and a text colour readable on it. */
  accent?: { background: string; text: string };
  /** The composer form's name, where the page has another chat composer (the dashboard's preview). */
  composerLabel?: string;
  /** Support staff's texts: given only to staff, whose page then loads the controls to delete and mute. */
  moderation?: ModerationLabels;
}) {
  const base = `/api/chat/${encodeURIComponent(room)}`;
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [historyError, setHistoryError] = useState(false);
  const [status, setStatus] = useState<Status>('connecting');
  const [unreadFrom, setUnreadFrom] = useState<number | null>(null);
  const [unseen, setUnseen] = useState(0);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [own, setOwn] = useState<Set<number>>(() => new Set());

  const logRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastId = useRef(0);
  const deleted = useRef(new Set<number>());
  const scrollAdjust = useRef<{ height: number; top: number } | null>(null);
  const stickToBottom = useRef(false);

  const formats = useMemo(
    () => ({
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      plural: new Intl.PluralRules(locale),
    }),
    [locale],
  );

  // The name field is filled in from the cookie after hydration (the server page does not read it).
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (nameRef.current && !nameRef.current.value) nameRef.current.value = readGuestName();
  }, []);

  const receive = useCallback((incoming: ChatMessageView[], live: boolean) => {
    if (incoming.length === 0) return;
    lastId.current = Math.max(lastId.current, ...incoming.map((message) => message.id));
    const away = !atBottom.current || document.visibilityState === 'hidden';
    if (live && away) {
      setUnreadFrom((current) => current ?? incoming[0].id);
      setUnseen((count) => count + incoming.length);
    } else {
      stickToBottom.current = true;
    }
    setMessages((current) => merge(current, incoming, deleted.current));
  }, []);

  /** A message support staff deleted goes for good, wherever it was in the list. */
  const remove = useCallback((id: number) => {
    deleted.current.add(id);
    setMessages((current) => current.filter((message) => message.id !== id));
  }, []);

  // The latest page first, then the stream from there on.
  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = 1_000;
    let stopped = false;

    const connect = () => {
      if (stopped) return;
      source?.close();
      const current = new EventSource(`${base}/events?lastEventId=${lastId.current}`);
      source = current;
      current.onopen = () => {
        retryMs = 1_000;
        setStatus('live');
      };
      current.onmessage = (event: MessageEvent<string>) => {
        try {
          receive([JSON.parse(event.data) as ChatMessageView], true);
        } catch {
          // Not a message of ours: ignore.
        }
      };
      current.addEventListener('deleted', (event: MessageEvent<string>) => {
        lastId.current = Math.max(lastId.current, Number(event.lastEventId) || 0);
        try {
          remove((JSON.parse(event.data) as { id: number }).id);
        } catch {
          // Not an event of ours: ignore.
        }
      });
      current.onerror = () => {
        setStatus(navigator.onLine ? 'reconnecting' : 'offline');
        // A refused connection (429, 503, …) is not retried by the browser: open a new one later.
        if (current.readyState === EventSource.CLOSED) {
          clearTimeout(retryTimer);
          retryTimer = setTimeout(connect, retryMs);
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        }
      };
    };

    const start = async () => {
      try {
        const page = await $fetch<{ messages: ChatMessageView[] }>(`${base}/messages`, { retry: 2 });
        if (stopped) return;
        setHasOlder(page.messages.length >= CHAT_PAGE_SIZE);
        stickToBottom.current = true;
        receive(page.messages, false);
      } catch {
        // The stream sends the latest messages as well.
      } finally {
        setLoaded(true);
      }
      connect();
    };

    // Without a network the connection may linger half-dead: drop it, and on return resume from the
    // last message received (the new stream sends exactly what was missed).
    const offline = () => {
      clearTimeout(retryTimer);
      source?.close();
      setStatus('offline');
    };
    const online = () => {
      setStatus('reconnecting');
      retryMs = 1_000;
      connect();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    void start();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [base, receive, remove]);

  // Keep the reader where they were: at the bottom for new messages, in place when older ones arrive.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (scrollAdjust.current) {
      log.scrollTop = log.scrollHeight - scrollAdjust.current.height + scrollAdjust.current.top;
      scrollAdjust.current = null;
    } else if (stickToBottom.current) {
      log.scrollTop = log.scrollHeight;
      stickToBottom.current = false;
    }
  }, [messages]);

  const loadOlder = useCallback(async () => {
    const log = logRef.current;
    if (loadingOlder || !hasOlder || messages.length === 0 || !log) return;
    setLoadingOlder(true);
    setHistoryError(false);
    try {
      const page = await $fetch<{ messages: ChatMessageView[] }>(`${base}/messages`, { query: { before: messages[0].id }, retry: 2 });
      scrollAdjust.current = { height: log.scrollHeight, top: log.scrollTop };
      setHasOlder(page.messages.length >= CHAT_PAGE_SIZE);
      setMessages((current) => merge(current, page.messages, deleted.current));
    } catch {
      setHistoryError(true);
    } finally {
      setLoadingOlder(false);
    }
  }, [base, hasOlder, loadingOlder, messages]);

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    atBottom.current = nearBottom(log);
    if (atBottom.current && document.visibilityState === 'visible') setUnseen(0);
    if (log.scrollTop < 24) void loadOlder();
  };

  useEffect(() => {
    const visible = () => {
      if (document.visibilityState === 'visible' && atBottom.current) setUnseen(0);
    };
    document.addEventListener('visibilitychange', visible);
    return () => document.removeEventListener('visibilitychange', visible);
  }, []);

  const jumpToLatest = () => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    setFields({});
    try {
      const body = viewer.kind === 'guest' ? { text, name: nameRef.current?.value ?? '' } : { text };
      const { message } = await $fetch<{ message: ChatMessageView }>(`${base}/messages`, { method: 'POST', body });
      setOwn((current) => new Set(current).add(message.id));
      setText('');
      setUnreadFrom(null);
      setUnseen(0);
      atBottom.current = true;
      receive([message], false);
      if (viewer.kind === 'guest') {
        try {
          localStorage.setItem(NAME_KEY, message.author.name);
        } catch {
          // Storage may be unavailable (a framed page with storage blocked): the cookie remains.
        }
      }
    } catch (caught) {
      const { message, fields } = readApiError(caught);
      setFields(fields);
      setError(Object.keys(fields).length > 0 ? null : (message ?? labels.errors.general));
    } finally {
      setSending(false);
    }
  };

  const formatTime = (iso: string) => {
    const date = new Date(iso);
    const today = new Date().toDateString() === date.toDateString();
    return (today ? formats.time : formats.dateTime).format(date);
  };

  const textLength = Array.from(text).length;
  const counter = labels.counter.replace('{count}', String(textLength)).replace('{max}', String(CHAT_TEXT_MAX));
  const jumpLabel = labels.jumpToLatest[formats.plural.select(unseen) === 'one' ? 'one' : 'other'].replace('{count}', String(unseen));
  const accentStyle = accent && { backgroundColor: accent.background, color: accent.text };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        {heading}
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <span aria-hidden="true" className={cn('inline-block h-2 w-2 rounded-full', status === 'live' ? 'bg-green-600' : 'bg-amber-500')} />
          {labels.status[status]}
        </p>
      </div>
      <div className="relative flex min-h-0 flex-1 flex-col">
        <div
          ref={logRef}
          role="log"
          aria-label={labels.messages}
          aria-busy={!loaded}
          tabIndex={0}
          onScroll={onScroll}
          className={cn('min-h-0 flex-1 overflow-y-auto px-4 py-3 focus-visible:outline-2 focus-visible:outline-brand-700', logClassName)}
        >
          {loaded && messages.length > 0 && (
            <div className="pb-2 text-center">
              {hasOlder ? (
                <button type="button" onClick={() => void loadOlder()} disabled={loadingOlder} className="text-sm font-medium text-brand-700 underline">
                  {loadingOlder ? labels.loadingOlder : labels.loadOlder}
                </button>
              ) : (
                <p className="text-sm text-slate-600">{labels.beginning}</p>
              )}
              {historyError && (
                <p role="alert" className="text-sm text-red-700">
                  {labels.errors.history}
                </p>
              )}
            </div>
          )}
          {loaded && messages.length === 0 && <p className="py-10 text-center text-slate-700">{labels.empty}</p>}
          <ol className="space-y-1">
            {messages.map((message) => (
              <li key={message.id} data-message-id={message.id}>
                {message.id === unreadFrom && (
                  <p className="my-2 flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-red-700">
                    <span aria-hidden="true" className="h-px flex-1 bg-red-300" />
                    {labels.newMessages}
                    <span aria-hidden="true" className="h-px flex-1 bg-red-300" />
                  </p>
                )}
                <article className="flex gap-3 py-1.5">
                  <Avatar
                    user={{ uid: message.author.name, displayName: message.author.name, email: null, photoURL: message.author.avatarUrl }}
                    size={32}
                    className="mt-0.5"
                  />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                      <span className="font-semibold text-slate-900">{message.author.name}</span>
                      {own.has(message.id) && <span className="text-xs text-slate-600">({labels.you})</span>}
                      {message.author.host && <span className="rounded bg-brand-100 px-1.5 text-xs font-semibold text-brand-800">{labels.host}</span>}
                      {message.author.guest && <span className="text-xs text-slate-600">{labels.guest}</span>}
                      <time dateTime={message.createdAt} className="text-xs text-slate-600">
                        {formatTime(message.createdAt)}
                      </time>
                    </p>
                    <p className="whitespace-pre-wrap break-words text-slate-900">
                      <MessageText text={message.text} />
                    </p>
                    {moderation && (
                      <Suspense fallback={null}>
                        <MessageModeration
                          base={base}
                          message={message}
                          labels={moderation}
                          onDeleted={(id) => {
                            remove(id);
                            logRef.current?.focus();
                          }}
                        />
                      </Suspense>
                    )}
                  </div>
                </article>
              </li>
            ))}
          </ol>
        </div>
        {unseen > 0 && (
          <button
            type="button"
            onClick={jumpToLatest}
            className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white shadow"
          >
            {jumpLabel}
          </button>
        )}
      </div>
      {moderation && (
        <Suspense fallback={null}>
          <MutedAuthors base={base} labels={moderation} locale={locale} />
        </Suspense>
      )}
      <form onSubmit={send} className="space-y-3 border-t border-slate-200 p-4" aria-label={composerLabel ?? labels.composer} noValidate>
        {viewer.kind === 'guest' ? (
          <div className="space-y-1">
            <label htmlFor={`${room}-name`} className="block text-sm font-medium text-slate-900">
              {labels.guestName}
            </label>
            <input
              id={`${room}-name`}
              type="text"
              ref={nameRef}
              name="name"
              autoComplete="nickname"
              maxLength={CHAT_NAME_MAX}
              required
              aria-invalid={fields.name ? true : undefined}
              aria-describedby={fields.name ? `${room}-name-error` : undefined}
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
            />
            {fields.name && (
              <p id={`${room}-name-error`} className="text-sm text-red-700">
                {fields.name}
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-700">{viewer.postingAs}</p>
        )}
        <div className="space-y-1">
          <label htmlFor={`${room}-text`} className="block text-sm font-medium text-slate-900">
            {labels.message}
          </label>
          <textarea
            id={`${room}-text`}
            name="text"
            rows={2}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => sendOnEnter(event, () => void send())}
            maxLength={CHAT_TEXT_MAX}
            required
            aria-invalid={fields.text ? true : undefined}
            aria-describedby={`${room}-text-hint${fields.text ? ` ${room}-text-error` : ''}`}
            className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
          />
          <p id={`${room}-text-hint`} className="flex justify-between gap-3 text-sm text-slate-600">
            <span>{labels.hint}</span>
            <span>{counter}</span>
          </p>
          {fields.text && (
            <p id={`${room}-text-error`} className="text-sm text-red-700">
              {fields.text}
            </p>
          )}
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={sending}
          style={accentStyle || undefined}
          className="inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
        >
          {sending ? labels.sending : labels.send}
        </button>
      </form>
    </div>
  );
}
