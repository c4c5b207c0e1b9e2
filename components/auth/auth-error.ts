'use client';

import { FetchError } from 'ofetch';
import { authErrorKey, type AuthErrorKey } from '@/lib/auth/errors';

export type AuthErrorMessages = Record<AuthErrorKey, string>;

/** A translated message for whatever a sign-in step threw: a Firebase error or an API answer. */
export function describeAuthError(error: unknown, messages: AuthErrorMessages): string {
  if (error instanceof FetchError) {
    const message = (error.data as { error?: { message?: unknown } } | undefined)?.error?.message;
    if (typeof message === 'string') return message;
    return messages.networkRequestFailed;
  }
  return messages[authErrorKey(error)];
}
