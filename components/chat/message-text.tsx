import { linkify } from '@/lib/chat/linkify';

/** Message text as text, with its web addresses as links that open in a new tab without a referrer. */
export function MessageText({ text }: { text: string }) {
  return linkify(text).map((part, index) =>
    part.kind === 'link' ? (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="text-brand-700 underline"
      >
        {part.text}
      </a>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}
