import type { MessageView } from '@/lib/conversations/constants';
import { MessageText } from '@/components/chat/message-text';

/** A member's note in the thread: a yellow card with its author and time (the inbox only; no visitor gets one). */
export function NoteCard({ message, time, badge }: { message: MessageView; time: string; badge: string }) {
  const title = `${badge}: ${message.authorName ?? ''}`;
  return (
    <li data-message-id={message.id} data-note="">
      <article aria-label={title} className="rounded-lg border border-amber-400 bg-amber-50 px-3 py-2">
        <p className="mb-0.5 flex items-center gap-2 text-xs text-amber-950">
          <span className="font-semibold">{title}</span>
          <time dateTime={message.createdAt}>{time}</time>
        </p>
        <p className="whitespace-pre-wrap break-words text-sm text-slate-900">
          <MessageText text={message.text} />
        </p>
      </article>
    </li>
  );
}
