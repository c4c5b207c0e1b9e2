'use client';

import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { sendOnEnter } from '@/lib/client/send-on-enter';
import { CONVERSATION_TEXT_MAX } from '@/lib/conversations/constants';

export type ComposerLabels = { form: string; message: string; send: string; sending: string; placeholder?: string };

/**
 * What a helper of the field (the inbox's saved replies) adds: it holds the text (`text`, `onTextChange` with the
 * caret), sees each key first (true: handled, so Enter does not send), adds ARIA to the field and shows `popup`.
 */
export type ComposerAssist = {
  text: string;
  onTextChange: (text: string, caret?: number) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** The field lost the focus (a list beside it closes). */
  onBlur: () => void;
  fieldProps: Pick<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'aria-activedescendant' | 'aria-autocomplete' | 'aria-controls' | 'aria-haspopup'
  >;
  popup: ReactNode;
};

/** Typing is announced at most this often while it goes on; the other side forgets it after TYPING_TTL_MS. */
const TYPING_EVERY_MS = 2_500;

/**
 * The message field and its send button. Enter sends, Shift+Enter breaks the line. While the user types
 * it says so (`onTyping(true)`, repeated every few seconds) and says when they stopped or sent.
 */
export function Composer({
  id,
  labels,
  onSend,
  onTyping,
  disabled,
  error,
  autoFocus,
  assist,
}: {
  id: string;
  labels: ComposerLabels;
  /** Answers whether the message was taken (the field is then emptied). */
  onSend: (text: string) => Promise<boolean>;
  onTyping?: (typing: boolean) => void;
  disabled?: boolean;
  error?: string | null;
  autoFocus?: boolean;
  assist?: ComposerAssist;
}) {
  const [ownText, setOwnText] = useState('');
  const text = assist ? assist.text : ownText;
  const setText: (value: string, caret?: number) => void = assist ? assist.onTextChange : setOwnText;
  const [sending, setSending] = useState(false);
  const typingSince = useRef(0);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => () => clearTimeout(stopTimer.current), []);
  // Focused by a call, as React's autoFocus does: the widget frame runs on Preact, which writes the
  // `autofocus` attribute instead, and browsers ignore it in a cross-origin frame.
  useEffect(() => {
    if (autoFocus) field.current?.focus();
    // Once, when the field appears (autoFocus's meaning).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const stopTyping = () => {
    clearTimeout(stopTimer.current);
    if (typingSince.current) onTyping?.(false);
    typingSince.current = 0;
  };

  const change = (value: string, caret: number) => {
    setText(value, caret);
    if (!onTyping) return;
    if (!value.trim()) return stopTyping();
    if (Date.now() - typingSince.current > TYPING_EVERY_MS) {
      typingSince.current = Date.now();
      onTyping(true);
    }
    clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(stopTyping, TYPING_EVERY_MS * 2);
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const value = text.trim();
    if (!value || sending || disabled) return;
    setSending(true);
    stopTyping();
    try {
      if (await onSend(value)) setText('');
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void send(event)}
      aria-label={labels.form}
      className="border-t border-slate-200 p-3"
      noValidate
    >
      <label htmlFor={`${id}-message`} className="sr-only">
        {labels.message}
      </label>
      {assist?.popup}
      <div className="flex items-end gap-2">
        <textarea
          id={`${id}-message`}
          value={text}
          onChange={(event) => change(event.target.value, event.target.selectionStart)}
          onKeyDown={(event) => assist?.onKeyDown(event) || sendOnEnter(event, () => void send())}
          onBlur={assist?.onBlur}
          rows={2}
          maxLength={CONVERSATION_TEXT_MAX}
          disabled={disabled}
          ref={field}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...assist?.fieldProps}
          placeholder={labels.placeholder ?? labels.message}
          className="block min-h-10 w-full flex-1 resize-none rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
        />
        <button
          type="submit"
          disabled={sending || disabled || !text.trim()}
          className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
        >
          {sending ? labels.sending : labels.send}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
