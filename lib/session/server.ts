import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import type { NextRequest } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { SESSION_COOKIE, unsealSession, userOf, type Session, type SessionUser } from './cookie';
import { sessionSecrets } from './secret';
import { checkSession } from './store';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { markDatabaseDown } from '@/lib/db/availability';

/** Who acts: a verified session's user; `admin` is support staff (the provider's `admin` claim). */
export type SignedInUser = { uid: string; email: string | null; displayName: string | null; admin: boolean };

/** Methods that change nothing: their requests are checked like page views. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session of a cookie value when it is sealed with our secret, younger than 24 h, and still
 * active at the data (not signed out or revoked); null otherwise. For a `mutation` the identity
 * provider confirms the account at once (disabled or deleted: refused), for a read within a minute.
 */
export async function activeSession(value: string | undefined, { mutation = false } = {}): Promise<Session | null> {
  const cookie = await unsealSession(value, sessionSecrets());
  if (!cookie) return null;
  try {
    const profile = await checkSession(cookie, { recheck: mutation });
    return profile && { ...profile, sid: cookie.sid, uid: cookie.uid, lastLoginAt: cookie.lastLoginAt };
  } catch (error) {
    // Every dashboard page starts here: from now on the proxy answers them with 503 until it is back.
    if (isDatabaseUnavailable(error)) markDatabaseDown();
    throw error;
  }
}

/** The session of this page request, or null; checked once per request. */
export const getSession = cache(async (): Promise<Session | null> =>
  activeSession((await cookies()).get(SESSION_COOKIE)?.value),
);

/** The signed-in user of this page request, or null. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const session = await getSession();
  return session && userOf(session);
});

/** The session of a route handler's request, or 401: route handlers verify it themselves. */
export async function requireApiSession(request: NextRequest): Promise<Session> {
  const session = await activeSession(request.cookies.get(SESSION_COOKIE)?.value, {
    mutation: !READS.has(request.method),
  });
  if (!session) throw new ApiError('unauthenticated');
  return session;
}

/** Who acts in a route handler: the verified session's user (401 without one). */
export async function requireSignedInUser(request: NextRequest): Promise<SignedInUser> {
  return signedInUserOf(await requireApiSession(request));
}

/** Support staff only: 403 for everyone else (after 401 for a visitor). */
export async function requireAdmin(request: NextRequest): Promise<SignedInUser> {
  const user = await requireSignedInUser(request);
  if (!user.admin) throw new ApiError('forbidden');
  return user;
}

export function signedInUserOf(user: SessionUser): SignedInUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, admin: user.admin };
}
