'use client';

import { useState, type FormEvent } from 'react';
import { RATING_COMMENT_MAX, RATING_WORDS } from '@/lib/conversations/constants';
import type { Messages } from '@/lib/i18n/slices';
import { button, input } from './widget-forms';

/**
 * Asks the visitor, once their conversation is closed, how it was: five steps in words as a radio group (the
 * arrow keys move between them; the question is its legend), an optional comment, send or "not now". `send`
 * answers an error to show, or null when the rating is stored.
 */
export function RatingForm({
  id,
  labels,
  accent,
  send,
  onDismiss,
}: {
  id: string;
  labels: Messages['WidgetRating'];
  accent: { background: string; text: string };
  send: (score: number, comment: string) => Promise<string | null>;
  onDismiss: () => void;
}) {
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!score) return setError(labels.choose);
    setBusy(true);
    const answer = await send(score, comment);
    setError(answer);
    setSent(!answer);
    setBusy(false);
  }

  if (sent)
    return (
      <p role="status" className="rounded-md bg-green-50 p-2 text-sm text-green-950">
        {labels.thanks}
      </p>
    );
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-question`}
      className="space-y-2 rounded-md border border-slate-200 p-2"
      noValidate
    >
      <fieldset>
        <legend id={`${id}-question`} className="text-sm font-semibold text-slate-900">
          {labels.question}
        </legend>
        <div className="mt-1 space-y-1">
          {RATING_WORDS.map((word, index) => (
            <label
              key={word}
              className="flex items-center gap-1 rounded-md border border-slate-400 px-2 py-1 text-sm text-slate-900"
              style={score === index + 1 ? { background: accent.background, color: accent.text } : undefined}
            >
              <input
                type="radio"
                name="score"
                value={index + 1}
                checked={score === index + 1}
                onChange={() => setScore(index + 1)}
              />
              {labels.scores[word]}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-slate-900">
        {labels.comment}
      </label>
      <textarea
        id={`${id}-comment`}
        rows={2}
        maxLength={RATING_COMMENT_MAX}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        className={input}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={button}>
          {labels.submit}
        </button>
        <button type="button" onClick={onDismiss} className={button}>
          {labels.dismiss}
        </button>
      </div>
    </form>
  );
}
