// Requests to POST/DELETE /api/session as the browser sends them, and what the tests read off the answers.
import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import { POST } from '@/app/api/session/route';
import { SESSION_COOKIE, unsealSession } from '@/lib/session/cookie';
import { PROVIDER_CHECK_INTERVAL_MS } from '@/lib/session/store';
import { database } from '@/lib/db';
import { sessions } from '@/lib/db/schema';

export const ORIGIN = 'http://localhost:3000';
export const SECRET = process.env.SESSION_SECRET!;

export function post(body: string, headers: Record<string, string> = { origin: ORIGIN }) {
  return POST(
    new NextRequest(`${ORIGIN}/api/session`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );
}

export function sessionCookie(response: Response) {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

export function cookieValue(setCookie: string) {
  return setCookie.slice(SESSION_COOKIE.length + 1, setCookie.indexOf(';'));
}

/** A translated JSON error with this status and code, nothing internal in it, and no cookie set. */
export async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/at .+\.(ts|js):\d+|node_modules|\/work\//);
  expect(sessionCookie(response)).toBeUndefined();
  return body.error as { code: string; message: string };
}

/** Signs in with the token (a refresh of the session of `cookie`, when given); answers the new cookie. */
export async function signIn(idToken: string, cookie?: string) {
  const response = await post(JSON.stringify({ idToken, ...(cookie && { refresh: true }) }), {
    origin: ORIGIN,
    ...(cookie && { cookie }),
  });
  expect(response.status).toBe(200);
  const value = cookieValue(sessionCookie(response)!);
  return { value, cookie: `${SESSION_COOKIE}=${value}` };
}

/** Pretends the session last asked the identity provider `ms` ago (by default just over the interval). */
export async function backdateProviderCheck(value: string, ms = PROVIDER_CHECK_INTERVAL_MS + 1000) {
  const { sid } = (await unsealSession(value, SECRET))!;
  const db = await database();
  await db
    .update(sessions)
    .set({ checkedAt: new Date(Date.now() - ms) })
    .where(eq(sessions.id, sid));
}
