import type { SessionUser } from '@/lib/session/cookie';
import { toSingleLine } from '@/lib/api/schemas';
import { CHAT_NAME_MAX } from './constants';

/** The name a guest chose (readable by the page, which prefills it). */
export const GUEST_NAME_COOKIE = 'chat_name';

/** How a signed-in user appears in the chat: their display name, else the part of the address before the @. */
export function displayNameOf(user: Pick<SessionUser, 'displayName' | 'email'>): string {
  const name = toSingleLine(user.displayName ?? '') || toSingleLine(user.email?.split('@')[0] ?? '');
  return name.slice(0, CHAT_NAME_MAX) || 'User';
}
