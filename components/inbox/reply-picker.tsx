'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { $fetch } from 'ofetch';
import type { ComposerAssist } from '@/components/conversations/composer';
import {
  fillPlaceholders,
  replyMatches,
  replyText,
  type PlaceholderValues,
  type ReplyView,
} from '@/lib/replies/placeholders';
import { plural, type Messages } from '@/lib/i18n/slices';
import { cn } from '@/lib/cn';

type Labels = Messages['Dashboard']['inbox']['picker'];

/**
 * The `/` being typed: a slash at the field's start or after a space or line break, and what follows it up to
 * the caret (words with single spaces between them), or null.
 */
export function slashQuery(text: string, caret: number): { at: number; query: string } | null {
  // Each repetition starts with its one space, so no input makes the expression backtrack far.
  const match = /(?:^|\s)\/([^\s/]*(?: [^\s/]+)* ?)$/.exec(text.slice(0, caret));
  if (!match || match[1].startsWith(' ')) return null;
  return { at: caret - match[1].length - 1, query: match[1] };
}

/**
 * The saved replies of the inbox's composer: `/` opens a list of the workspace's replies, filtered by what follows
 * it; arrows choose, Enter (or a click) inserts the chosen one in the visitor's language with its placeholders
 * filled, Escape closes. The field stays a textbox (a textarea may not be a combobox) that owns the list by
 * aria-controls and names the chosen option by aria-activedescendant; a status line says how many match.
 */
export function useReplyPicker({
  id,
  api,
  locale,
  values,
  labels,
}: {
  /** The composer's id (the list's ids derive from it). */
  id: string;
  /** GET …/replies of the workspace. */
  api: string;
  /** The visitor's language, whose text is inserted (the other one when the reply has only that). */
  locale: 'en' | 'de';
  values: PlaceholderValues;
  labels: Labels;
}): ComposerAssist {
  const [text, setText] = useState('');
  const [slash, setSlash] = useState<{ at: number; query: string } | null>(null);
  // The slash Escape closed: it stays closed until another one is typed.
  const dismissed = useRef<number | null>(null);
  const [replies, setReplies] = useState<ReplyView[] | 'loading' | 'failed'>('loading');
  const [active, setActive] = useState(0);
  const caretAfterInsert = useRef<number | null>(null);
  const open = slash !== null;
  const listId = `${id}-replies`;
  const fieldId = `${id}-message`;

  const loads = useRef(0);

  // Fresh each time the list opens, so a reply an admin has just added is there; an older answer is dropped.
  function load() {
    const current = ++loads.current;
    setReplies('loading');
    $fetch<{ replies: ReplyView[] }>(api)
      .then((answer) => current === loads.current && setReplies(answer.replies))
      .catch(() => current === loads.current && setReplies('failed'));
  }

  const matches = Array.isArray(replies) && slash ? replies.filter((reply) => replyMatches(reply, slash.query)) : [];
  const chosen = matches[Math.min(active, matches.length - 1)];
  const optionId = (reply: ReplyView) => `${listId}-${reply.id}`;

  useEffect(() => {
    if (chosen) document.getElementById(optionId(chosen))?.scrollIntoView?.({ block: 'nearest' });
    // The option's id follows from `chosen`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen?.id]);

  // After an insertion the caret goes to the end of the inserted text, once React has written it.
  useEffect(() => {
    const caret = caretAfterInsert.current;
    const field = document.getElementById(fieldId) as HTMLTextAreaElement | null;
    if (caret === null || !field) return;
    caretAfterInsert.current = null;
    field.focus();
    field.setSelectionRange(caret, caret);
  }, [text, fieldId]);

  function onTextChange(value: string, caret = value.length) {
    setText(value);
    const found = slashQuery(value, caret);
    if (found?.at !== dismissed.current) dismissed.current = null;
    const next = found && found.at !== dismissed.current ? found : null;
    if (next?.at !== slash?.at || next?.query !== slash?.query) setActive(0);
    if (next && !slash) load();
    setSlash(next);
  }

  function insert(reply: ReplyView) {
    if (!slash) return;
    const filled = fillPlaceholders(replyText(reply, locale), values);
    const end = slash.at + 1 + slash.query.length;
    caretAfterInsert.current = slash.at + filled.length;
    setText(text.slice(0, slash.at) + filled + text.slice(end));
    setSlash(null);
  }

  // Escape, or the focus leaving the field: closed until another slash is typed.
  function close() {
    if (!slash) return;
    dismissed.current = slash.at;
    setSlash(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || event.nativeEvent.isComposing) return false;
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step && matches.length) {
      setActive((Math.min(active, matches.length - 1) + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' && !event.shiftKey && chosen) {
      insert(chosen);
    } else if (event.key === 'Escape') {
      close();
    } else return false;
    event.preventDefault();
    return true;
  }

  const status = !open
    ? ''
    : replies === 'loading'
      ? labels.loading
      : replies === 'failed'
        ? labels.failed
        : matches.length
          ? plural(labels.results, matches.length, locale)
          : labels.empty;
  const popup = (
    <>
      <p role="status" className={open && !matches.length ? 'mb-2 text-sm text-slate-700' : 'sr-only'}>
        {status}
      </p>
      {open && matches.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label={labels.label}
          className="mb-2 max-h-48 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-sm"
        >
          {matches.map((reply) => (
            <li
              key={reply.id}
              id={optionId(reply)}
              role="option"
              aria-selected={reply === chosen}
              // The field keeps the focus (and the caret) while the mouse chooses.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(reply)}
              className={cn(
                'cursor-pointer px-3 py-1.5 text-sm',
                reply === chosen ? 'bg-brand-700 text-white' : 'text-slate-900',
              )}
            >
              <span className="block font-semibold">{reply.title}</span>
              <span className={cn('block truncate', reply === chosen ? 'text-white' : 'text-slate-700')}>
                {replyText(reply, locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
  return {
    text,
    onTextChange,
    onKeyDown,
    onBlur: close,
    fieldProps: {
      'aria-autocomplete': 'list',
      'aria-haspopup': 'listbox',
      'aria-controls': open && matches.length ? listId : undefined,
      'aria-activedescendant': open && chosen ? optionId(chosen) : undefined,
    },
    popup,
  };
}
