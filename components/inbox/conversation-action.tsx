'use client';

import { useState } from 'react';
import { readApiError } from '@/lib/client/api-error';
import type { InboxConversationView } from '@/lib/conversations/constants';

/**
 * A change of a conversation from its thread (labels, snooze): one at a time, the conversation as the answer
 * has it passed on, and the server's translated message (else `failed`) shown as an alert.
 */
export function useConversationAction(onChanged: (conversation: InboxConversationView) => void, failed: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function act(request: () => Promise<{ conversation: InboxConversationView }>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      onChanged((await request()).conversation);
      return true;
    } catch (caught) {
      setError(readApiError(caught).message ?? failed);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const alert = error && (
    <p role="alert" className="mt-1 text-red-700">
      {error}
    </p>
  );
  return { busy, act, alert };
}
