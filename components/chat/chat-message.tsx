import type { ReactNode } from 'react';
import type { ChatMessageView } from '@/lib/chat/constants';
import type { ChatLabels } from '@/lib/chat/labels';
import { Avatar } from '@/components/ui/avatar';
import { MessageText } from './message-text';

/** One message: its author (marked when it is the reader, the team or a guest), time and text. */
export function ChatMessage({
  message,
  labels,
  own,
  time,
  children,
}: {
  message: ChatMessageView;
  labels: ChatLabels;
  own: boolean;
  time: string;
  children?: ReactNode;
}) {
  const { author } = message;
  return (
    <article className="flex gap-3 py-1.5">
      <Avatar
        user={{ uid: author.name, displayName: author.name, email: null, photoURL: author.avatarUrl }}
        size={32}
        className="mt-0.5"
      />
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-slate-900">{author.name}</span>
          {own && <span className="text-xs text-slate-600">({labels.you})</span>}
          {author.host && (
            <span className="rounded bg-brand-100 px-1.5 text-xs font-semibold text-brand-800">{labels.host}</span>
          )}
          {author.guest && <span className="text-xs text-slate-600">{labels.guest}</span>}
          <time dateTime={message.createdAt} className="text-xs text-slate-600">
            {time}
          </time>
        </p>
        <p className="whitespace-pre-wrap break-words text-slate-900">
          <MessageText text={message.text} />
        </p>
        {children}
      </div>
    </article>
  );
}
