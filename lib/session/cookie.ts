import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { SESSION_LIFETIME_MS, isSessionExpired } from './expiry';

/** The one cookie name Firebase Hosting passes through to a server. */
export const SESSION_COOKIE = '__session';
const TTL_SECONDS = SESSION_LIFETIME_MS / 1000;

/** The signed-in user as pages and handlers see it (the spec's user state, §3). */
export const sessionUserSchema = z.object({
  uid: z.string().min(1).max(128),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean(),
  providerIds: z.array(z.string()),
  /** ISO time of the sign-in (the ID token's auth_time); the session ends 24 h later. */
  lastLoginAt: z.string(),
  /** Support staff: the provider's custom claim `admin: true` at sign-in. */
  admin: z.boolean().default(false),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * What the cookie holds: the id of the server-side session row (which keeps the user's profile and can
 * be revoked), the user's id and the time of the sign-in. Nothing of the provider's free text (names,
 * photo addresses, provider lists) goes in: the cookie stays far below the 4 KB browsers keep.
 */
export const sessionCookieSchema = z.object({
  sid: z.uuid(),
  uid: z.string().min(1).max(128),
  lastLoginAt: z.string(),
});
export type SessionCookie = z.infer<typeof sessionCookieSchema>;

/** A verified session: its row's id and its user. */
export type Session = SessionUser & { sid: string };

/** Seals the session into the cookie value (iron-session: encrypted and signed, 24 h ttl). */
export function sealSession(session: SessionCookie, secret: string): Promise<string> {
  return sealData(sessionCookieSchema.parse(session), { password: secret, ttl: TTL_SECONDS });
}

/** The user of a session, without its id: what pages show and hand to the browser. */
export function userOf(session: Session): SessionUser {
  return sessionUserSchema.strip().parse(session);
}

/**
 * The session cookie of a value, or null when it is tampered with, sealed with another secret, malformed
 * or older than 24 h: such a visitor is simply signed out.
 */
export async function unsealSession(
  value: string | undefined,
  secret: string,
  now = Date.now(),
): Promise<SessionCookie | null> {
  if (!value) return null;
  let data: unknown;
  try {
    data = await unsealData(value, { password: secret, ttl: TTL_SECONDS });
  } catch {
    return null;
  }
  const parsed = sessionCookieSchema.safeParse(data);
  if (!parsed.success || isSessionExpired(parsed.data.lastLoginAt, now)) return null;
  return parsed.data;
}

/**
 * HttpOnly, SameSite=Lax, Secure when configured. The cookie lives until the session ends (24 h after
 * `lastLoginAt`), less a minute: iron-session's own rule, so that it never outlives its seal.
 */
export function sessionCookieOptions(secure: boolean, lastLoginAt?: string, now = Date.now()) {
  const remaining = lastLoginAt
    ? Math.floor((Date.parse(lastLoginAt) + SESSION_LIFETIME_MS - now) / 1000)
    : TTL_SECONDS;
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    path: '/',
    maxAge: Math.max(0, Math.min(TTL_SECONDS, remaining) - 60),
  };
}
