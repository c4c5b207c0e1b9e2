// POST /api/session (sign in with a Firebase ID token) and DELETE /api/session (sign out).
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { env } from '@/lib/env';
import { verifySignIn } from '@/lib/auth/verify';
import { SESSION_COOKIE, sealSession, sessionCookieOptions, unsealSession } from '@/lib/session/cookie';
import { sessionSecret } from '@/lib/session/secret';
import { activeSession } from '@/lib/session/server';
import { createSession, revokeSession } from '@/lib/session/store';
import { getSettings } from '@/lib/settings/service';
import { themeCookie } from '@/lib/settings/schema';

export const dynamic = 'force-dynamic';

const signInSchema = z.object({
  idToken: z.string().min(1).max(8192),
  /** Refresh the stored profile after an account change, keeping the time of the sign-in. */
  refresh: z.boolean().optional(),
});

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const { idToken, refresh } = await readJson(request, signInSchema);
    const { user, validAfter } = await verifySignIn(idToken);
    // A refresh renews this browser's session: the 24 hours count from the sign-in, not from a later
    // change of name or e-mail.
    const current = refresh ? await activeSession(request.cookies.get(SESSION_COOKIE)?.value) : null;
    const renewed = current?.uid === user.uid ? current : null;
    if (renewed) user.lastLoginAt = renewed.lastLoginAt;
    const sid = await createSession({ uid: user.uid, lastLoginAt: user.lastLoginAt, validAfter, replaces: renewed?.sid });
    const response = NextResponse.json({ user }, { headers: { 'Cache-Control': 'no-store' } });
    response.cookies.set(SESSION_COOKIE, await sealSession({ ...user, sid }, sessionSecret()), sessionCookieOptions(env.cookieSecure));
    // A new device gets the user's saved theme.
    const settings = await getSettings(user.uid, 'en');
    if (settings.saved) response.cookies.set(...themeCookie(settings.theme, env.cookieSecure));
    return response;
  });
}

/** Signs out: the session is revoked at the data, so a copy of the cookie stops working too. */
export function DELETE(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const session = await unsealSession(request.cookies.get(SESSION_COOKIE)?.value, sessionSecret());
    if (session) await revokeSession(session.sid);
    const response = NextResponse.json({ signedOut: true }, { headers: { 'Cache-Control': 'no-store' } });
    response.cookies.set(SESSION_COOKIE, '', { ...sessionCookieOptions(env.cookieSecure), maxAge: 0 });
    return response;
  });
}
