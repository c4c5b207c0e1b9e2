// POST /api/session (sign in with a Firebase ID token) and DELETE /api/session (sign out).
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { env } from '@/lib/env';
import { verifySignIn } from '@/lib/auth/verify';
import { SESSION_COOKIE, sealSession, sessionCookieOptions } from '@/lib/session/cookie';
import { sessionSecret } from '@/lib/session/secret';

export const dynamic = 'force-dynamic';

const signInSchema = z.object({ idToken: z.string().min(1).max(8192) });

export function POST(request: Request) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const { idToken } = await readJson(request, signInSchema);
    const user = await verifySignIn(idToken);
    const response = NextResponse.json({ user }, { headers: { 'Cache-Control': 'no-store' } });
    response.cookies.set(SESSION_COOKIE, await sealSession(user, sessionSecret()), sessionCookieOptions(env.cookieSecure));
    return response;
  });
}

export function DELETE(request: Request) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const response = NextResponse.json({ signedOut: true }, { headers: { 'Cache-Control': 'no-store' } });
    response.cookies.set(SESSION_COOKIE, '', { ...sessionCookieOptions(env.cookieSecure), maxAge: 0 });
    return response;
  });
}

