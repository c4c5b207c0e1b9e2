import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { SESSION_COOKIE, unsealSession, type SessionUser } from './cookie';
import { sessionSecret } from './secret';

/** The signed-in user of this request, or null; unsealed once per request. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const value = (await cookies()).get(SESSION_COOKIE)?.value;
  return unsealSession(value, sessionSecret());
});
