import type { SessionUser } from '@/lib/session/cookie';

/** A guest's random id (HttpOnly): with the address, whose messages count against a rate limit. */
export const GUEST_COOKIE = 'chat_guest';
/** The name a guest chose (readable by the page, which prefills it). */
export const GUEST_NAME_COOKIE = 'chat_name';

/** How a signed-in user appears in the chat: their display name, else the part of the address before the @. */
export function displayNameOf(user: Pick<SessionUser, 'displayName' | 'email'>): string {
  const name = user.displayName?.trim() || user.email?.split('@')[0] || 'User';
  return name.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 40) || 'User';
}
