// DELETE /api/account: deletes the signed-in user's account, at the identity provider and every row
// they own, then ends the session. The browser re-authenticates first and sends the fresh ID token.
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { env } from '@/lib/env';
import {
  FRESH_SIGN_IN_MS,
  ID_TOKEN_BODY_LIMIT,
  assertSignedInWithin,
  idTokenSchema,
  verifySignIn,
} from '@/lib/auth/verify';
import { callIdentityProvider } from '@/lib/firebase/admin';
import { deleteAccountData } from '@/lib/account/delete';
import { SESSION_COOKIE, sessionCookieOptions } from '@/lib/session/cookie';
import { requireApiSession } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

const schema = z.object({ idToken: idTokenSchema });

export function DELETE(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const session = await requireApiSession(request);
    const { idToken } = await readJson(request, schema, ID_TOKEN_BODY_LIMIT);
    const { user, authTime } = await verifySignIn(idToken);
    if (user.uid !== session.uid) throw new ApiError('forbidden');
    assertSignedInWithin(authTime, FRESH_SIGN_IN_MS);
    await deleteAccountData(user.uid, () => callIdentityProvider((auth) => auth.deleteUser(user.uid)));
    const response = NextResponse.json({ deleted: true }, { headers: { 'Cache-Control': 'no-store' } });
    response.cookies.set(SESSION_COOKIE, '', { ...sessionCookieOptions(env.cookieSecure), maxAge: 0 });
    return response;
  });
}
