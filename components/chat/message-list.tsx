'use client';

import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ChatMessageView } from '@/lib/chat/constants';
import type { ChatLabels } from '@/lib/chat/labels';
import { plural } from '@/lib/i18n/slices';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ChatMessage } from './chat-message';
import type { useChatStream } from './use-chat-stream';

type Chat = ReturnType<typeof useChatStream>;

const nearBottom = (log: HTMLElement) => log.scrollHeight - log.scrollTop - log.clientHeight < 48;

/**
 * The room's log: earlier messages on demand (button, or scrolling to the top), a marker where the
 * unread ones start, and a control that jumps to the latest. Keeps the reader in place when older
 * messages arrive and at the bottom while they follow the conversation.
 */
export function MessageList({
  chat,
  labels,
  locale,
  className,
  controls,
}: {
  chat: Chat;
  labels: ChatLabels;
  locale: string;
  className?: string;
  /** Support staff's controls of a message. */
  controls?: (message: ChatMessageView) => ReactNode;
}) {
  const { messages, loaded, history, unreadFrom, unseen, own, following } = chat;
  const logRef = useRef<HTMLDivElement>(null);
  // The log as it was after the last change: where the reader is, and which messages it showed.
  const before = useRef({ height: 0, top: 0, first: undefined as number | undefined, count: 0 });
  const formats = useMemo(
    () => ({
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    }),
    [locale],
  );

  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const { height, top, first, count } = before.current;
    if (first !== undefined && messages.length > 0 && messages[0].id < first)
      log.scrollTop = log.scrollHeight - height + top;
    else if (count === 0 || following()) log.scrollTop = log.scrollHeight;
    before.current = { height: log.scrollHeight, top: log.scrollTop, first: messages[0]?.id, count: messages.length };
  }, [messages, following]);

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    before.current = { ...before.current, height: log.scrollHeight, top: log.scrollTop };
    chat.reading(nearBottom(log));
    if (log.scrollTop < 24) void chat.loadOlder();
  };

  const jumpToLatest = () => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
    chat.reading(true);
  };

  const formatTime = (date: Date) =>
    (new Date().toDateString() === date.toDateString() ? formats.time : formats.dateTime).format(date);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={logRef}
        role="log"
        aria-label={labels.messages}
        aria-busy={!loaded}
        tabIndex={0}
        onScroll={onScroll}
        className={cn(
          'min-h-0 flex-1 overflow-y-auto px-4 py-3 focus-visible:outline-2 focus-visible:outline-brand-700',
          className,
        )}
      >
        {loaded && messages.length > 0 && (
          <div className="pb-2 text-center">
            {history.more ? (
              <Button variant="ghost" size="sm" onClick={() => void chat.loadOlder()} disabled={history.loading}>
                {history.loading ? labels.loadingOlder : labels.loadOlder}
              </Button>
            ) : (
              <p className="text-sm text-slate-600">{labels.beginning}</p>
            )}
            {history.failed && (
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
              <ChatMessage
                message={message}
                labels={labels}
                own={own.has(message.id)}
                time={formatTime(new Date(message.createdAt))}
              >
                {controls?.(message)}
              </ChatMessage>
            </li>
          ))}
        </ol>
      </div>
      {unseen > 0 && (
        <Button size="sm" onClick={jumpToLatest} className="absolute bottom-3 left-1/2 -translate-x-1/2 shadow">
          {plural(labels.jumpToLatest, unseen, locale)}
        </Button>
      )}
    </div>
  );
}
