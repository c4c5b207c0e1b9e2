'use client';

import { useState, type FormEvent } from 'react';
import { fill, type Messages } from '@/lib/i18n/slices';
import type { VisitorSession } from './visitor-session';
import { WidgetApiError } from './visitor-session';

export const input =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700';
export const button =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700';

/** A labelled input of the widget (its error under it). */
export function WidgetField({
  id,
  label,
  error,
  ...props
}: { id: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <input
        id={id}
        name={id}
        className={input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Asks for an address to answer to (when nobody is available, or for the transcript). `send` says
 * what to do with it; afterwards the form thanks the visitor and names the address (`send` may answer
 * another text than `done` for what it did).
 */
export function EmailForm({
  id,
  labels,
  prompt,
  action,
  done,
  initial,
  send,
}: {
  id: string;
  labels: Messages['Widget'];
  prompt: string;
  action: string;
  done: string;
  initial?: string | null;
  send: (email: string) => Promise<string | void>;
}) {
  const [sent, setSent] = useState<{ email: string; text: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get(id) ?? '').trim();
    setBusy(true);
    setError(undefined);
    try {
      setSent({ email, text: (await send(email)) ?? done });
    } catch (caught) {
      setError(caught instanceof WidgetApiError ? (caught.fields.email ?? caught.message) : labels.errors.general);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <p role="status" className="rounded-md bg-green-50 p-2 text-sm text-green-950">
        {fill(sent.text, { email: sent.email })}
      </p>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={prompt} className="space-y-2" noValidate>
      <p className="text-sm text-slate-800">{prompt}</p>
      <WidgetField
        id={id}
        label={labels.emailLabel}
        type="email"
        autoComplete="email"
        defaultValue={initial ?? ''}
        required
        error={error}
      />
      <button type="submit" disabled={busy} className={button}>
        {action}
      </button>
    </form>
  );
}

/** Saves the visitor's address (PATCH /api/widgets/:id/visitors): they have written, their token is kept. */
export function saveEmail(session: VisitorSession) {
  return async (email: string) => {
    await session.call('/visitors', { method: 'PATCH', body: { email } });
    session.keep();
  };
}
