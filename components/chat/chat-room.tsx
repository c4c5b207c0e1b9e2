'use client';

import { lazy, Suspense, type ReactNode } from 'react';
import type { ChatLabels, ModerationLabels } from '@/lib/chat/labels';
import type { StreamStatus } from '@/lib/client/event-stream';
import { cn } from '@/lib/cn';
import { Composer, type ChatViewer } from './composer';
import { MessageList } from './message-list';
import { useChatStream } from './use-chat-stream';

// Support staff's controls: a chunk of their own, loaded only when the page hands the room their labels
// (React's lazy rather than next/dynamic, whose loader would add to every visitor's first load).
const MessageModeration = lazy(() => import('./moderation').then((module) => ({ default: module.MessageModeration })));
const MutedAuthors = lazy(() => import('./moderation').then((module) => ({ default: module.MutedAuthors })));

/**
 * A live chat room: the latest messages, older ones on demand, new ones as they are posted (useChatStream
 * reconnects by itself and says so while offline), an unread marker, and a composer.
 */
export function ChatRoom({
  room,
  locale,
  labels,
  viewer,
  heading,
  logClassName,
  moderation,
}: {
  room: string;
  locale: string;
  labels: ChatLabels;
  viewer: ChatViewer;
  heading?: ReactNode;
  logClassName?: string;
  /** Support staff's texts: given only to staff, whose page then loads the controls to delete and mute. */
  moderation?: ModerationLabels;
}) {
  const chat = useChatStream(room);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        {heading}
        <StatusLine status={chat.status} labels={labels} />
      </div>
      <MessageList
        chat={chat}
        labels={labels}
        locale={locale}
        className={logClassName}
        controls={
          moderation &&
          ((message) => (
            <Suspense fallback={null}>
              <MessageModeration base={chat.base} message={message} labels={moderation} onDeleted={chat.remove} />
            </Suspense>
          ))
        }
      />
      {moderation && (
        <Suspense fallback={null}>
          <MutedAuthors base={chat.base} labels={moderation} locale={locale} />
        </Suspense>
      )}
      <Composer base={chat.base} room={room} labels={labels} viewer={viewer} onSent={chat.sent} />
    </div>
  );
}

/** Whether the room is live, with a dot for the sighted. */
function StatusLine({ status, labels }: { status: StreamStatus; labels: ChatLabels }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
      <span
        aria-hidden="true"
        className={cn('inline-block h-2 w-2 rounded-full', status === 'live' ? 'bg-green-600' : 'bg-amber-500')}
      />
      {labels.status[status]}
    </p>
  );
}
