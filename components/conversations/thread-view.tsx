'use client';

import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MessageView } from '@/lib/conversations/constants';
import { MessageText } from '@/components/chat/message-text';
import { cn } from '@/lib/cn';

export type ThreadLabels = {
  messages: string;
  you: string;
  /** What the other side is called (the operators, or the visitor's name). */
  other: string;
  seen: string;
  /** Shown while the other side types. */
  typing: string;
  closed: string;
  reopened: string;
  loadOlder: string;
};

/** Messages by id, oldest first, each once (the stream may repeat what a request already answered). */
export function mergeMessages(current: MessageView[], incoming: MessageView[]): MessageView[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The operator's initials as the visitor sees them without a photo (no uid, no address leaves). */
function Initials({ name }: { name: string }) {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      data-testid="operator-avatar"
      className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-slate-700 text-[0.65rem] font-bold text-white"
    >
      {letters}
    </span>
  );
}

/** The operator's uploaded photo (its address names neither uid nor address), else or if it fails, initials. */
export function OperatorAvatar({ name, photo }: { name: string; photo: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!photo || failed) return <Initials name={name} />;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- served by our own route, already resized
    <img
      src={photo}
      alt={name}
      width={24}
      height={24}
      data-testid="operator-avatar"
      onError={() => setFailed(true)}
      className="h-6 w-6 rounded-full object-cover"
    />
  );
}

/**
 * A conversation's messages from the point of view of `viewer`: their own on the right, the other
 * side's on the left with its name, changes of status in between, "seen" under the last own message
 * the other side has read, and the other side typing. Stays at the bottom as messages arrive.
 */
export function ThreadView({
  messages,
  viewer,
  seenUpTo,
  otherTyping,
  labels,
  locale,
  accent,
  hasOlder,
  onLoadOlder,
  focusId,
  renderNote,
  className,
}: {
  messages: MessageView[];
  viewer: 'visitor' | 'operator';
  seenUpTo: number;
  otherTyping: boolean;
  labels: ThreadLabels;
  locale: string;
  accent?: { background: string; text: string };
  hasOlder?: boolean;
  onLoadOlder?: () => void;
  /** A message to scroll to and mark (`data-focused`: the inbox's search hit) instead of the end. */
  focusId?: number;
  /** A member's note (the inbox only: the visitor's side never gets one), with its time. */
  renderNote?: (message: MessageView, time: string) => ReactNode;
  className?: string;
}) {
  const logRef = useRef<HTMLDivElement>(null);
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }), [locale]);
  const lastSeen = useMemo(
    () => [...messages].reverse().find((m) => m.sender === viewer && m.id <= seenUpTo)?.id,
    [messages, seenUpTo, viewer],
  );

  // The hit is shown once, when it is there; after that new messages bring the end into view as usual.
  const shownFocus = useRef<number | undefined>(undefined);
  // Whether the reader is at the end of the log (it then follows new messages).
  const atEnd = useRef(true);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const focus = focusId === shownFocus.current ? null : log.querySelector(`[data-message-id="${focusId}"]`);
    if (focus) {
      shownFocus.current = focusId;
      // In the middle of the log, away from the end; the page moves only as far as it takes to show it.
      const offset = focus.getBoundingClientRect().top - log.getBoundingClientRect().top;
      log.scrollTop += offset - (log.clientHeight - focus.clientHeight) / 2;
      focus.scrollIntoView?.({ block: 'nearest' });
      atEnd.current = false;
    } else log.scrollTop = log.scrollHeight;
  }, [messages.length, otherTyping, focusId]);

  // The end stays in view when the log shrinks (a phone's keyboard opening under the widget's composer),
  // unless the reader had scrolled away from it.
  useEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === 'undefined') return;
    const onScroll = () => (atEnd.current = log.scrollHeight - log.scrollTop - log.clientHeight < 4);
    const observer = new ResizeObserver(() => atEnd.current && (log.scrollTop = log.scrollHeight));
    log.addEventListener('scroll', onScroll);
    observer.observe(log);
    return () => {
      observer.disconnect();
      log.removeEventListener('scroll', onScroll);
    };
  }, []);

  return (
    <div
      ref={logRef}
      role="log"
      aria-label={labels.messages}
      tabIndex={0}
      className={cn(
        'min-h-0 flex-1 overflow-y-auto px-3 py-3 focus-visible:outline-2 focus-visible:outline-brand-700',
        className,
      )}
    >
      {hasOlder && onLoadOlder && (
        <p className="pb-2 text-center">
          <button type="button" onClick={onLoadOlder} className="text-sm font-medium text-brand-700 underline">
            {labels.loadOlder}
          </button>
        </p>
      )}
      <ol className="space-y-2">
        {messages.map((message) => {
          if (message.sender === 'system') {
            return (
              <li
                key={message.id}
                data-message-id={message.id}
                className="py-1 text-center text-xs font-medium text-slate-700"
              >
                {message.authorName === 'closed' ? labels.closed : labels.reopened}
              </li>
            );
          }
          // Keyed by the caller (its element is the list item).
          if (message.sender === 'note') return renderNote?.(message, time.format(new Date(message.createdAt)));
          const mine = message.sender === viewer;
          const name = mine ? labels.you : viewer === 'visitor' ? (message.authorName ?? labels.other) : labels.other;
          return (
            <li
              key={message.id}
              data-message-id={message.id}
              data-focused={message.id === focusId || undefined}
              className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}
            >
              <article aria-label={name} className="max-w-[85%]">
                <p className={cn('mb-0.5 flex items-center gap-2 text-xs text-slate-700', mine && 'justify-end')}>
                  {viewer === 'visitor' && !mine && message.authorName && (
                    <OperatorAvatar name={message.authorName} photo={message.authorPhoto} />
                  )}
                  <span className="font-semibold">{name}</span>
                  {viewer === 'visitor' && !mine && <span>({labels.other})</span>}
                  <time dateTime={message.createdAt}>{time.format(new Date(message.createdAt))}</time>
                </p>
                <p
                  style={mine && accent ? { backgroundColor: accent.background, color: accent.text } : undefined}
                  className={cn(
                    'whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
                    mine ? (accent ? '' : 'bg-brand-700 text-white') : 'bg-slate-100 text-slate-900',
                  )}
                >
                  <MessageText text={message.text} />
                </p>
              </article>
              {message.id === lastSeen && <p className="mt-0.5 text-xs text-slate-700">{labels.seen}</p>}
            </li>
          );
        })}
      </ol>
      {otherTyping && (
        <p role="status" className="mt-2 text-sm italic text-slate-700">
          {labels.typing}
        </p>
      )}
    </div>
  );
}
