import 'server-only';
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionUser } from '@/lib/session/cookie';
import { toSingleLine } from '@/lib/api/schemas';
import { sessionSecrets } from '@/lib/session/secret';
import { CHAT_NAME_MAX } from './constants';

/** The name a guest chose (readable by the page, which prefills it). */
export const GUEST_NAME_COOKIE = 'chat_name';
/** A guest's signed identity (HttpOnly): what support staff mute a guest by. Never a rate-limit key. */
export const GUEST_COOKIE = 'chat_guest';

/** How a signed-in user appears in the chat: their display name, else the part of the address before the @. */
export function displayNameOf(user: Pick<SessionUser, 'displayName' | 'email'>): string {
  const name = toSingleLine(user.displayName ?? '') || toSingleLine(user.email?.split('@')[0] ?? '');
  return name.slice(0, CHAT_NAME_MAX) || 'User';
}

let keys: Buffer[] | undefined;
/**
 * Keys of their own for guest identities, derived from the session secrets (no further setting): new
 * cookies are signed with the first; one of the secret it replaced still verifies, so a rotation
 * hands a muted guest no new identity.
 */
function identityKeys(): Buffer[] {
  return (keys ??= sessionSecrets().map((secret) =>
    Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'plauder chat guest v1', 32)),
  ));
}

const mac = (id: string, key = identityKeys()[0]) => createHmac('sha256', key).update(`chat-guest.v1.${id}`).digest();

/** The guest id of a `chat_guest` cookie when this server signed it; null when missing, forged or malformed. */
export function verifyGuestIdentity(value: string | undefined): string | null {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const given = Buffer.from(match[2], 'base64url');
  const signed = identityKeys().some((key) => {
    const expected = mac(match[1], key);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return signed ? match[1] : null;
}

/**
 * A guest's identity from their `chat_guest` cookie, or a new one (128 bits) with the cookie value
 * `<id>.<HMAC>` to set (`issued`) when the cookie is missing or not ours. A new identity is random, or
 * derived from the post's `requestKey`: a first post resent because its answer (and cookie) was lost
 * then has the same author, so its key finds the first message.
 */
export function guestIdentity(value: string | undefined, requestKey?: string): { id: string; issued: string | null } {
  const known = verifyGuestIdentity(value);
  if (known) return { id: known, issued: null };
  const id = requestKey
    ? createHmac('sha256', identityKeys()[0]).update(`chat-guest-from-key.v1.${requestKey}`).digest().subarray(0, 16)
    : randomBytes(16);
  const encoded = id.toString('base64url');
  return { id: encoded, issued: `${encoded}.${mac(encoded).toString('base64url')}` };
}
