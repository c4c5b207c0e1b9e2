// POST /api/session (sign in with a Firebase ID token) and DELETE /api/session (sign out).
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { env } from '@/lib/env';
import {
  FRESH_SIGN_IN_MS,
  ID_TOKEN_BODY_LIMIT,
  assertSignedInWithin,
  idTokenSchema,
  profileOf,
  verifySignIn,
} from '@/lib/auth/verify';
import { SESSION_COOKIE, sealSession, sessionCookieOptions, unsealSession } from '@/lib/session/cookie';
import { SESSION_HINT_COOKIE } from '@/lib/head-script';
import { sessionHintOptions } from '@/lib/session/hint';
import { SESSION_LIFETIME_MS } from '@/lib/session/expiry';
import { sessionSecret, sessionSecrets } from '@/lib/session/secret';
import { activeSession } from '@/lib/session/server';
import { createSession, revokeSession } from '@/lib/session/store';
import { getSettings } from '@/lib/settings/service';
import { attachGuestOrders } from '@/lib/shop/guest-orders';
import { themeCookie } from '@/lib/settings/schema';
import { establishWorkspaces } from '@/lib/workspaces/service';

export const dynamic = 'force-dynamic';

const signInSchema = z.object({
  idToken: idTokenSchema,
  /** Refresh the stored profile after an account change, keeping the time of the sign-in. */
  refresh: z.boolean().optional(),
});

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const { idToken, refresh } = await readJson(request, signInSchema, ID_TOKEN_BODY_LIMIT);
    const { user, validAfter, authTime } = await verifySignIn(idToken);
    // A session starts only from a sign-in of the last 5 minutes, and lasts 24 hours from it
    // (`lastLoginAt` is the token's auth_time). A refresh renews this browser's active session after a
    // change of name or e-mail: its token may be older, but never beyond the 24 hours of the sign-in.
    const presented = request.cookies.get(SESSION_COOKIE)?.value;
    const current = refresh ? await activeSession(presented) : null;
    const renewed = current?.uid === user.uid ? current : null;
    assertSignedInWithin(authTime, renewed ? SESSION_LIFETIME_MS : FRESH_SIGN_IN_MS);
    // The user's verified address brings the purchases a guest made with it into the account.
    await attachGuestOrders(user);
    const sid = await createSession({
      uid: user.uid,
      lastLoginAt: user.lastLoginAt,
      profile: profileOf(user),
      validAfter,
      // The browser's cookie now names the new session: the one it named before ends, whoever's it was.
      replaces: await unsealSession(presented, sessionSecrets()),
    });
    // Every account has its personal workspace from its first session; support staff the support workspace.
    await establishWorkspaces({ uid: user.uid, admin: profileOf(user).admin });
    // A new device gets the user's saved theme, and the browser their saved language to apply.
    const settings = await getSettings(user.uid, 'en');
    const response = NextResponse.json(
      { user, ...(settings.saved && { locale: settings.locale }) },
      { headers: { 'Cache-Control': 'no-store' } },
    );
    const cookie = await sealSession({ sid, uid: user.uid, lastLoginAt: user.lastLoginAt }, sessionSecret());
    const options = sessionCookieOptions(env.cookieSecure, user.lastLoginAt);
    response.cookies.set(SESSION_COOKIE, cookie, options);
    // Every page's header and footer show the signed-in links from the first paint (lib/session/hint).
    response.cookies.set(SESSION_HINT_COOKIE, '1', sessionHintOptions(env.cookieSecure, options.maxAge));
    if (settings.saved) response.cookies.set(...themeCookie(settings.theme, env.cookieSecure));
    return response;
  });
}

/** Signs out: the session is revoked at the data, so a copy of the cookie stops working too. */
export function DELETE(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const session = await unsealSession(request.cookies.get(SESSION_COOKIE)?.value, sessionSecrets());
    if (session) await revokeSession(session.sid);
    const response = NextResponse.json({ signedOut: true }, { headers: { 'Cache-Control': 'no-store' } });
    response.cookies.set(SESSION_COOKIE, '', { ...sessionCookieOptions(env.cookieSecure), maxAge: 0 });
    response.cookies.set(SESSION_HINT_COOKIE, '', sessionHintOptions(env.cookieSecure, 0));
    return response;
  });
}
