'use client';

import { FetchError } from 'ofetch';
import { authErrorKey } from '@/lib/auth/errors';
import { readApiError } from '@/lib/client/api-error';
import type { Messages } from '@/lib/i18n/slices';

/** The catalogue's identity errors: every key authErrorKey can answer must be one of them (tsc checks). */
export type AuthErrorMessages = Messages['Auth']['errors'];

/** A translated message for whatever a sign-in step threw: a Firebase error or an API answer. */
export function describeAuthError(error: unknown, messages: AuthErrorMessages): string {
  if (error instanceof FetchError) return readApiError(error).message ?? messages.networkRequestFailed;
  return messages[authErrorKey(error)];
}
