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
 * What each cookie value unsealed to, per secret: a value always unseals to the same cookie (or to
 * nothing), and unsealing derives its keys (PBKDF2) and checks its MAC every time, about a tenth of a signed-in
 * request's CPU (npm run bench). The newest values are kept; the oldest goes first.
 */
const unsealed = new Map<string, Map<string, SessionCookie | null>>();
const UNSEALED_LIMIT = 1_000;

/**
 * The session cookie of a value, or null when it is tampered with, sealed with none of the secrets,
 * malformed or older than 24 h: such a visitor is simply signed out. The secrets are tried in turn
 * (lib/session/secret's sessionSecrets: the current one, then the one it replaced). Every seal names
 * password id 1, so iron-session's numbered map could not tell one secret from the other.
 */
export async function unsealSession(
  value: string | undefined,
  secrets: string | readonly string[],
  now = Date.now(),
): Promise<SessionCookie | null> {
  if (!value) return null;
  let cookie: SessionCookie | null = null;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const cache = unsealed.get(secret) ?? unsealed.set(secret, new Map()).get(secret)!;
    cookie = cache.get(value) ?? null;
    if (!cache.has(value)) {
      cookie = await unseal(value, secret);
      if (cache.set(value, cookie).size > UNSEALED_LIMIT) cache.delete(cache.keys().next().value!);
    }
    if (cookie) break;
  }
  // Checked on every call: a remembered cookie ends on time too (its seal's own ttl ends later).
  return cookie && !isSessionExpired(cookie.lastLoginAt, now) ? cookie : null;
}

async function unseal(value: string, secret: string): Promise<SessionCookie | null> {
  try {
    const parsed = sessionCookieSchema.safeParse(await unsealData(value, { password: secret, ttl: TTL_SECONDS }));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
