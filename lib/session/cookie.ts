import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { SESSION_LIFETIME_MS, isSessionExpired } from './expiry';

/** The one cookie name Firebase Hosting passes through to a server. */
export const SESSION_COOKIE = '__session';
const TTL_SECONDS = SESSION_LIFETIME_MS / 1000;

export const sessionUserSchema = z.object({
  uid: z.string().min(1).max(128),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean(),
  providerIds: z.array(z.string()),
  /** ISO time of the sign-in; the session ends 24 h later. */
  lastLoginAt: z.string(),
  /** Support staff: the provider's custom claim `admin: true` at sign-in. */
  admin: z.boolean().default(false),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

/** What the cookie holds: the user, and the id of the server-side session row that can be revoked. */
export const sessionSchema = sessionUserSchema.extend({ sid: z.uuid() });
export type Session = z.infer<typeof sessionSchema>;

/** Seals the session into the cookie value (iron-session: encrypted and signed, 24 h ttl). */
export function sealSession(session: z.input<typeof sessionSchema>, secret: string): Promise<string> {
  return sealData(sessionSchema.parse(session), { password: secret, ttl: TTL_SECONDS });
}

/** The user of a session, without its id: what pages show and hand to the browser. */
export function userOf(session: Session): SessionUser {
  return sessionUserSchema.strip().parse(session);
}

/**
 * The session of a cookie value, or null when it is tampered with, sealed with another secret, malformed
 * or older than 24 h: such a visitor is simply signed out.
 */
export async function unsealSession(value: string | undefined, secret: string, now = Date.now()): Promise<Session | null> {
  if (!value) return null;
  let data: unknown;
  try {
    data = await unsealData(value, { password: secret, ttl: TTL_SECONDS });
  } catch {
    return null;
  }
  const parsed = sessionSchema.safeParse(data);
  if (!parsed.success || isSessionExpired(parsed.data.lastLoginAt, now)) return null;
  return parsed.data;
}

/** HttpOnly, SameSite=Lax, Secure when configured; the cookie lives as long as the seal (24 h). */
export function sessionCookieOptions(secure: boolean) {
  // iron-session's own rule: the cookie ends a minute before the seal, so it never outlives it.
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', maxAge: TTL_SECONDS - 60 };
}
