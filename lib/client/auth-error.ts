'use client';

import { FetchError } from 'ofetch';
import { authErrorKey, type AuthErrorKey } from '@/lib/auth/errors';
import { readApiError } from '@/lib/client/api-error';

export type AuthErrorMessages = Record<AuthErrorKey, string>;

/** A translated message for whatever a sign-in step threw: a Firebase error or an API answer. */
export function describeAuthError(error: unknown, messages: AuthErrorMessages): string {
  if (error instanceof FetchError) return readApiError(error).message ?? messages.networkRequestFailed;
  return messages[authErrorKey(error)];
}
