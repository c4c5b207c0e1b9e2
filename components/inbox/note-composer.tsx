'use client';

import { useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { sendOnEnter } from '@/lib/client/send-on-enter';
import { CONVERSATION_TEXT_MAX } from '@/lib/conversations/constants';
import { mentionAt, mentionCandidates, type Mentionable } from '@/lib/conversations/mentions';
import { cn } from '@/lib/cn';
import type { Messages } from '@/lib/i18n/slices';

type Labels = Messages['Dashboard']['inbox']['composer'];
export type ComposerMode = 'reply' | 'note';

/** "Reply | Note": which composer the thread shows; radio buttons, so Tab reaches them and the arrows switch. */
export function ComposerSwitch({
  id,
  mode,
  onChange,
  labels,
}: {
  id: string;
  mode: ComposerMode;
  onChange: (mode: ComposerMode) => void;
  labels: Labels;
}) {
  return (
    <fieldset className="flex gap-1 border-t border-slate-200 px-3 pt-2">
      <legend className="sr-only">{labels.mode}</legend>
      {(['reply', 'note'] as const).map((value) => (
        <label
          key={value}
          className={cn(
            'cursor-pointer rounded-md px-3 py-1 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
            mode !== value && 'text-slate-800 hover:bg-slate-100',
            mode === value && (value === 'note' ? 'bg-amber-200 text-amber-950' : 'bg-brand-700 text-white'),
          )}
        >
          <input
            type="radio"
            name={`${id}-mode`}
            value={value}
            checked={mode === value}
            onChange={() => onChange(value)}
            className="sr-only"
          />
          {labels[value]}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The note's field, yellow and labelled "Only your team sees this"; it says nothing to the visitor (no typing
 * signal). `@` opens the workspace's members filtered by what follows it: the arrows choose, Enter or Tab inserts
 * the name, Escape closes the list. The server finds the mentions in the text.
 */
export function NoteComposer({
  id,
  members,
  me,
  labels,
  onSend,
  error,
}: {
  id: string;
  members: Mentionable[];
  me: string;
  labels: Labels;
  /** Answers whether the note was taken (the field is then emptied). */
  onSend: (text: string) => Promise<boolean>;
  error?: string | null;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const field = useRef<HTMLTextAreaElement>(null);
  const others = useMemo(() => members.filter((member) => member.uid !== me), [members, me]);
  const candidates = mention ? mentionCandidates(others, mention.query) : [];
  const open = candidates.length > 0;
  const listId = `${id}-mentions`;
  const chosen = Math.min(active, candidates.length - 1);

  const track = (value: string, caret: number) => {
    setText(value);
    setMention(mentionAt(value, caret));
    setActive(0);
  };

  const pick = (member: Mentionable) => {
    if (!mention) return;
    const caret = field.current?.selectionStart ?? text.length;
    const inserted = `@${member.name} `;
    setText(`${text.slice(0, mention.start)}${inserted}${text.slice(caret)}`);
    setMention(null);
    const position = mention.start + inserted.length;
    requestAnimationFrame(() => field.current?.setSelectionRange(position, position));
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const value = text.trim();
    if (!value || sending) return;
    setSending(true);
    try {
      if (await onSend(value)) track('', 0);
    } finally {
      setSending(false);
    }
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (open && step) setActive((chosen + step + candidates.length) % candidates.length);
    else if (open && (event.key === 'Enter' || event.key === 'Tab')) pick(candidates[chosen]!);
    else if (open && event.key === 'Escape') setMention(null);
    else return sendOnEnter(event, () => void send());
    event.preventDefault();
  };

  return (
    <form
      onSubmit={(event) => void send(event)}
      aria-label={labels.note}
      className="border-t border-amber-300 bg-amber-50 p-3"
      noValidate
    >
      <label htmlFor={`${id}-note`} className="mb-1 block text-xs font-semibold text-amber-950">
        {labels.noteField}: <span data-testid="note-hint">{labels.noteHint}</span>
      </label>
      <div className="relative flex items-end gap-2">
        <textarea
          id={`${id}-note`}
          ref={field}
          value={text}
          onChange={(event) => track(event.target.value, event.target.selectionStart)}
          onSelect={(event) => setMention(mentionAt(event.currentTarget.value, event.currentTarget.selectionStart))}
          onKeyDown={keyDown}
          rows={2}
          maxLength={CONVERSATION_TEXT_MAX}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${chosen}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-note-error` : undefined}
          className="block min-h-10 w-full flex-1 resize-none rounded-md border border-amber-500 bg-amber-100 px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:outline-amber-700"
        />
        {open && (
          <ul
            id={listId}
            role="listbox"
            aria-label={labels.mentions}
            className="absolute bottom-full left-0 z-10 mb-1 max-h-48 w-64 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
          >
            {candidates.map((member, index) => (
              <li
                key={member.uid}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === chosen}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(member);
                }}
                className={cn(
                  'cursor-pointer px-3 py-1.5 text-sm',
                  index === chosen ? 'bg-brand-700 text-white' : 'text-slate-900',
                )}
              >
                {member.name}
              </li>
            ))}
          </ul>
        )}
        <button
          type="submit"
          disabled={sending || !text.trim()}
          className="rounded-md bg-amber-800 px-3 py-2 text-sm font-semibold text-white hover:bg-amber-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-800 disabled:opacity-60"
        >
          {sending ? labels.adding : labels.addNote}
        </button>
      </div>
      {error && (
        <p id={`${id}-note-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
