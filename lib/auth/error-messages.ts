import 'server-only';
import { getTranslations } from 'next-intl/server';
import { AUTH_ERROR_CODES } from '@/lib/auth/errors';
import type { AuthErrorMessages } from '@/lib/client/auth-error';

/** The translated identity errors, for the client forms. */
export async function authErrorMessages(): Promise<AuthErrorMessages> {
  const t = await getTranslations('Auth.errors');
  const keys = [...new Set([...Object.values(AUTH_ERROR_CODES), 'general' as const])];
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as AuthErrorMessages;
}
