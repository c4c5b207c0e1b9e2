'use client';

import { useState, useSyncExternalStore } from 'react';
import { $fetch } from 'ofetch';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { readApiError } from '@/lib/client/api-error';
import { fill, type Messages } from '@/lib/i18n/slices';

const subscribe = () => () => {};
const tokenOfAddress = () => new URLSearchParams(window.location.hash.slice(1)).get('token');

/**
 * Sends the conversation a confirmation mail's link names (its token in the fragment, which no server
 * sees) once the reader clicks: opening the link alone sends nothing, as mail scanners open links too.
 */
export function ConfirmTranscript({ labels }: { labels: Messages['Transcript'] }) {
  // Undefined while rendered on the server: the fragment is the browser's alone.
  const token = useSyncExternalStore<string | null | undefined>(subscribe, tokenOfAddress, () => undefined);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    setError(null);
    try {
      const { email } = await $fetch<{ email: string }>('/api/transcripts', { method: 'POST', body: { token } });
      setSentTo(email);
    } catch (caught) {
      setError(readApiError(caught).message ?? labels.error);
    } finally {
      setBusy(false);
    }
  }

  if (token === undefined) return null;
  if (token === null) return <p className="text-slate-800">{labels.noToken}</p>;
  if (sentTo)
    return (
      <p role="status" className="text-green-800">
        {fill(labels.sent, { email: sentTo })}
      </p>
    );
  return (
    <div className="space-y-4">
      <FormError message={error} />
      <Button onClick={() => void send()} disabled={busy}>
        {busy ? labels.sending : labels.send}
      </Button>
    </div>
  );
}
