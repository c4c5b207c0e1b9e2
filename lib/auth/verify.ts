import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { adminAuth } from '@/lib/firebase/admin';
import type { SessionUser } from '@/lib/session/cookie';

const NETWORK_CODES = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error']);

function refusal(error: unknown): ApiError {
  const code = (error as { code?: unknown; errorInfo?: { code?: unknown } })?.code ?? (error as { errorInfo?: { code?: unknown } })?.errorInfo?.code;
  if (code === 'auth/user-disabled') return new ApiError('userDisabled');
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return new ApiError('unavailable');
  // Expired, revoked, malformed, unsigned, for another project, or for a deleted user.
  return new ApiError('invalidToken');
}

export type VerifiedSignIn = {
  user: SessionUser;
  /** When the provider last revoked the user's tokens (e.g. a password change); older sessions end. */
  validAfter: Date | null;
  /** When the user last entered their credentials (the token's auth_time). */
  authTime: Date;
};

/**
 * Verifies a Firebase ID token with firebase-admin (signature, expiry, audience and revocation) and
 * answers the user to keep in the session, signed in now.
 */
export async function verifySignIn(idToken: string): Promise<VerifiedSignIn> {
  try {
    const decoded = await adminAuth().verifyIdToken(idToken, true);
    const record = await adminAuth().getUser(decoded.uid);
    if (record.disabled) throw new ApiError('userDisabled');
    const user: SessionUser = {
      uid: record.uid,
      email: record.email ?? null,
      displayName: record.displayName ?? null,
      photoURL: record.photoURL ?? null,
      emailVerified: record.emailVerified,
      providerIds: record.providerData.map((provider) => provider.providerId),
      lastLoginAt: new Date().toISOString(),
      admin: record.customClaims?.admin === true,
    };
    const validAfter = record.tokensValidAfterTime ? new Date(record.tokensValidAfterTime) : null;
    return { user, validAfter, authTime: new Date(decoded.auth_time * 1000) };
  } catch (error) {
    throw error instanceof ApiError ? error : refusal(error);
  }
}
