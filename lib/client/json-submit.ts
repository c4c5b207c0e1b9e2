'use client';

import { useCallback, useState } from 'react';
import { $fetch } from 'ofetch';
import { readApiError } from './api-error';

/**
 * Sends a form's JSON to the API and keeps what the server said: the translated message and a sentence
 * per invalid field. Each form keeps one request key until it succeeds, so a double submit (or a retry
 * after a lost answer) finds the first record on the server instead of creating a second.
 */
export function useJsonSubmit(fallbackError: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());

  const submit = useCallback(
    async <T>(
      url: string,
      method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      body?: Record<string, unknown>,
    ): Promise<T | null> => {
      setBusy(true);
      setError(null);
      setFields({});
      try {
        const result = await $fetch<T>(url, {
          method,
          ...(method !== 'DELETE' && { body: { ...body, ...(method === 'POST' && { requestKey }) } }),
        });
        setRequestKey(crypto.randomUUID());
        return result;
      } catch (caught) {
        const { message, fields } = readApiError(caught);
        setError(message ?? fallbackError);
        setFields(fields);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [fallbackError, requestKey],
  );

  return { submit, busy, error, fields };
}
