import 'server-only';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { callIdentityProvider } from '@/lib/firebase/admin';
import type { SessionProfile } from '@/lib/db/schema/accounts';
import type { SessionUser } from '@/lib/session/cookie';

/**
 * How recent a sign-in must be to start a session (Firebase's session-cookie guidance: only from a
 * fresh sign-in, so that a refreshed token, or a stolen refresh token, never starts a new 24 hours).
 */
export const FRESH_SIGN_IN_MS = 5 * 60_000;

/**
 * A Firebase ID token. It carries the user's name and photo address, which the provider lets grow to
 * several kilobytes: refuse no token the provider issues (a body of up to ID_TOKEN_BODY_LIMIT).
 */
export const idTokenSchema = z.string().min(1).max(60_000);
export const ID_TOKEN_BODY_LIMIT = 64 * 1024;

function refusal(error: unknown): ApiError {
  const code =
    (error as { code?: unknown; errorInfo?: { code?: unknown } })?.code ??
    (error as { errorInfo?: { code?: unknown } })?.errorInfo?.code;
  if (code === 'auth/user-disabled') return new ApiError('userDisabled');
  // Expired, revoked, malformed, unsigned, for another project, or for a deleted user.
  return new ApiError('invalidToken');
}

export type VerifiedSignIn = {
  /** The user, signed in at the token's auth_time (their `lastLoginAt`). */
  user: SessionUser;
  /** When the provider last revoked the user's tokens (e.g. a password change); older sessions end. */
  validAfter: Date | null;
  /** When the user last entered their credentials (the token's auth_time). */
  authTime: Date;
};

/**
 * Verifies a Firebase ID token with firebase-admin (signature, expiry, audience and revocation) and
 * answers the user to keep in the session, signed in when they entered their credentials. A provider that
 * cannot be asked within the deadline: 503 (`unavailable`).
 */
export async function verifySignIn(idToken: string): Promise<VerifiedSignIn> {
  try {
    const { decoded, record } = await callIdentityProvider(async (auth) => {
      const token = await auth.verifyIdToken(idToken, true);
      return { decoded: token, record: await auth.getUser(token.uid) };
    });
    if (record.disabled) throw new ApiError('userDisabled');
    const authTime = new Date(decoded.auth_time * 1000);
    const user: SessionUser = {
      uid: record.uid,
      email: record.email ?? null,
      displayName: record.displayName ?? null,
      photoURL: record.photoURL ?? null,
      emailVerified: record.emailVerified,
      providerIds: record.providerData.map((provider) => provider.providerId),
      lastLoginAt: authTime.toISOString(),
      admin: record.customClaims?.admin === true,
    };
    const validAfter = record.tokensValidAfterTime ? new Date(record.tokensValidAfterTime) : null;
    return { user, validAfter, authTime };
  } catch (error) {
    throw error instanceof ApiError ? error : refusal(error);
  }
}

/** 401 `requiresRecentLogin` unless the credentials were entered within `maxAgeMs`. */
export function assertSignedInWithin(authTime: Date, maxAgeMs: number, now = Date.now()): void {
  if (now - authTime.getTime() > maxAgeMs) throw new ApiError('requiresRecentLogin');
}

/** What the session row keeps of the user (everything but the id and the time of the sign-in). */
export function profileOf({
  email,
  displayName,
  photoURL,
  emailVerified,
  providerIds,
  admin,
}: SessionUser): SessionProfile {
  return { email, displayName, photoURL, emailVerified, providerIds, admin };
}
