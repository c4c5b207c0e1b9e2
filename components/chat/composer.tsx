'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { $fetch } from 'ofetch';
import { readApiError } from '@/lib/client/api-error';
import { fill } from '@/lib/i18n/slices';
import { sendOnEnter } from '@/lib/client/send-on-enter';
import { CHAT_NAME_MAX, CHAT_TEXT_MAX, type ChatMessageView } from '@/lib/chat/constants';
import type { ChatLabels } from '@/lib/chat/labels';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';

/** Who writes: a signed-in user (their name is fixed, `postingAs` says so) or a guest who types a name. */
export type ChatViewer = { kind: 'user'; postingAs: string } | { kind: 'guest' };

const NAME_KEY = 'chat_name';

/** The guest name last used here: the server's cookie, else this browser's storage. */
function readGuestName(): string {
  const cookie = document.cookie.split('; ').find((part) => part.startsWith(`${NAME_KEY}=`));
  try {
    if (cookie) return decodeURIComponent(cookie.slice(NAME_KEY.length + 1));
  } catch {
    // A malformed cookie: fall through.
  }
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Writes to the room: a guest's name, the message with its length, and the server's refusal if any. */
export function Composer({
  base,
  room,
  labels,
  viewer,
  onSent,
}: {
  base: string;
  room: string;
  labels: ChatLabels;
  viewer: ChatViewer;
  onSent: (message: ChatMessageView) => void;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // One key per message, kept until the server took it: a resend after a lost answer posts it once.
  const requestKey = useRef(crypto.randomUUID());

  // The name is filled in from the cookie after hydration (the server page does not read it).
  useEffect(() => {
    const name = formRef.current?.elements.namedItem('name');
    if (name instanceof HTMLInputElement && !name.value) name.value = readGuestName();
  }, []);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || !formRef.current) return;
    setSending(true);
    setError(null);
    setFields({});
    try {
      const name = viewer.kind === 'guest' && { name: String(new FormData(formRef.current).get('name') ?? '') };
      const body = { text, ...name, requestKey: requestKey.current };
      const { message } = await $fetch<{ message: ChatMessageView }>(`${base}/messages`, { method: 'POST', body });
      requestKey.current = crypto.randomUUID();
      setText('');
      onSent(message);
      if (viewer.kind === 'guest') {
        try {
          localStorage.setItem(NAME_KEY, message.author.name);
        } catch {
          // Storage may be unavailable (a framed page with storage blocked): the cookie remains.
        }
      }
    } catch (caught) {
      const { message, fields } = readApiError(caught);
      setFields(fields);
      setError(Object.keys(fields).length > 0 ? null : (message ?? labels.errors.general));
    } finally {
      setSending(false);
    }
  };

  const textId = `${room}-text`;
  return (
    <form
      ref={formRef}
      onSubmit={send}
      className="space-y-3 border-t border-slate-200 p-4"
      aria-label={labels.composer}
      noValidate
    >
      {viewer.kind === 'guest' ? (
        <TextField
          id={`${room}-name`}
          name="name"
          label={labels.guestName}
          autoComplete="nickname"
          maxLength={CHAT_NAME_MAX}
          required
          error={fields.name}
        />
      ) : (
        <p className="text-sm text-slate-700">{viewer.postingAs}</p>
      )}
      <div>
        <TextAreaField
          id={textId}
          name="text"
          label={labels.message}
          hint={labels.hint}
          error={fields.text}
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => sendOnEnter(event, () => void send())}
          maxLength={CHAT_TEXT_MAX}
          required
          aria-describedby={`${fields.text ? `${textId}-error` : `${textId}-hint`} ${textId}-count`}
        />
        <p id={`${textId}-count`} className="mt-1 text-right text-sm text-slate-600">
          {fill(labels.counter, { count: Array.from(text).length, max: CHAT_TEXT_MAX })}
        </p>
      </div>
      <FormError message={error} />
      <Button type="submit" disabled={sending}>
        {sending ? labels.sending : labels.send}
      </Button>
    </form>
  );
}
