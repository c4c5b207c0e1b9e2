import 'server-only';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { sessions, type SessionProfile } from '@/lib/db/schema';
import { callIdentityProvider } from '@/lib/firebase/admin';
import { SESSION_LIFETIME_MS } from './expiry';
import type { SessionCookie } from './cookie';

/**
 * How often a page asks the identity provider whether the session's account is still enabled and its
 * tokens still valid: this bounds how long a disabled account or a password changed elsewhere keeps a
 * copied cookie reading. Mutations ask every time (see checkSession).
 */
export const PROVIDER_CHECK_INTERVAL_MS = 60_000;

/**
 * How often a good answer of the provider is written down. A user's mutations each ask the provider, and
 * writing each answer was a statement per mutation (about a twentieth of POST /api/tickets' CPU; npm run
 * bench): a page's next check may come this much earlier than PROVIDER_CHECK_INTERVAL_MS after it.
 */
export const CHECK_RECORD_INTERVAL_MS = 10_000;

/**
 * Records a sign-in with the user's profile and answers its session id. Sessions of the user that
 * began before `validAfter` (the provider's tokensValidAfterTime: a password change or a revocation)
 * are revoked; so is `replaces`, the session whose cookie the new one replaces in the browser (a
 * refresh's, or another user's signed in there before), so that no copy of that cookie stays valid.
 */
export async function createSession(input: {
  uid: string;
  lastLoginAt: string;
  profile: SessionProfile;
  validAfter?: Date | null;
  replaces?: Pick<SessionCookie, 'sid' | 'uid'> | null;
}): Promise<string> {
  const db = await database();
  return db.transaction(async (tx) => {
    const now = new Date();
    if (input.validAfter) {
      // The provider counts in whole seconds, and sets the time at sign-up too: only sessions begun
      // before that second are older.
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.uid, input.uid), isNull(sessions.revokedAt), lt(sessions.createdAt, input.validAfter)));
    }
    if (input.replaces)
      await revoke(tx, and(eq(sessions.id, input.replaces.sid), eq(sessions.uid, input.replaces.uid)));
    const [row] = await tx
      .insert(sessions)
      .values({
        uid: input.uid,
        profile: input.profile,
        expiresAt: new Date(Date.parse(input.lastLoginAt) + SESSION_LIFETIME_MS),
        checkedAt: now,
      })
      .returning({ id: sessions.id });
    return row.id;
  });
}

function revoke(executor: Executor, where: ReturnType<typeof and>) {
  return executor
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(where, isNull(sessions.revokedAt)));
}

/** Ends one session (sign-out). */
export async function revokeSession(sid: string): Promise<void> {
  await revoke(await database(), eq(sessions.id, sid));
}

/** Ends every session of a user (account deleted or disabled), or every one but `except`. */
export async function revokeUserSessions(
  uid: string,
  options: { except?: string; executor?: Executor } = {},
): Promise<void> {
  const executor = options.executor ?? (await database());
  await revoke(executor, and(eq(sessions.uid, uid), options.except ? ne(sessions.id, options.except) : undefined));
}

/**
 * What the provider says of a session begun at `since`: `all` when the account is gone or disabled
 * (every session ends), `this` when its tokens were revoked after the session began (e.g. a password
 * change elsewhere) or when an admin lost the admin claim, `ok` otherwise.
 */
async function providerVerdict(uid: string, since: Date, admin: boolean): Promise<'ok' | 'this' | 'all'> {
  try {
    const record = await callIdentityProvider((auth) => auth.getUser(uid));
    if (record.disabled) return 'all';
    // Support staff whose admin claim was withdrawn sign in again, without it.
    if (admin && record.customClaims?.admin !== true) return 'this';
    const validAfter = record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : NaN;
    // tokensValidAfterTime has a resolution of seconds.
    return Number.isNaN(validAfter) || validAfter <= Math.floor(since.getTime() / 1000) * 1000 ? 'ok' : 'this';
  } catch (error) {
    const code =
      (error as { code?: unknown; errorInfo?: { code?: unknown } })?.errorInfo?.code ??
      (error as { code?: unknown })?.code;
    if (code === 'auth/user-not-found') return 'all';
    // No verdict (IdentityUnavailable, a 503, when the provider did not answer in time): the session is neither
    // confirmed nor ended.
    throw error;
  }
}

/**
 * The profile of the cookie's session while its row exists, is not revoked and has not expired; else
 * null. A mutation (`recheck`) asks the provider at once, a page at most every PROVIDER_CHECK_INTERVAL_MS
 * (see providerVerdict); a row from before profiles were kept here counts as signed out.
 */
export async function checkSession(
  cookie: SessionCookie,
  { recheck = false, now = new Date() } = {},
): Promise<SessionProfile | null> {
  const db = await database();
  const [row] = await db.select().from(sessions).where(eq(sessions.id, cookie.sid)).limit(1);
  if (!row?.profile || row.uid !== cookie.uid || row.revokedAt || row.expiresAt <= now) return null;
  if (!recheck && now.getTime() - row.checkedAt.getTime() < PROVIDER_CHECK_INTERVAL_MS) return row.profile;
  const verdict = await providerVerdict(cookie.uid, row.createdAt, row.profile.admin);
  if (verdict === 'all') await revokeUserSessions(cookie.uid);
  if (verdict === 'this') await revokeSession(cookie.sid);
  if (verdict !== 'ok') return null;
  if (now.getTime() - row.checkedAt.getTime() >= CHECK_RECORD_INTERVAL_MS)
    await db.update(sessions).set({ checkedAt: now }).where(eq(sessions.id, cookie.sid));
  return row.profile;
}
