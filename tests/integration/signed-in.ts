import { NextRequest } from 'next/server';
import { POST } from '@/app/api/session/route';
import { GET as listWorkspaces } from '@/app/api/workspaces/route';
import { SESSION_COOKIE } from '@/lib/session/cookie';
import { adminAuth } from '@/lib/firebase/admin';
import { signUp, uniqueEmail } from './emulator';

export const ORIGIN = 'http://localhost:3000';

/** A request to a route handler as this site's page would send it: JSON body, Origin, the client's cookie. */
export function apiRequest(
  method: string,
  path: string,
  client: { cookie: string } | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return new NextRequest(`${ORIGIN}${path}`, {
    method,
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    headers: { origin: ORIGIN, ...(client && { cookie: client.cookie }), ...headers },
  });
}

/**
 * A new account with a server session, as the browser has it after signing in; `admin`: support staff.
 * `workspaceId`: the account's personal workspace, made by the sign-in.
 */
export async function signedIn(prefix = 'user', { admin = false } = {}) {
  const email = uniqueEmail(prefix);
  const account = await signUp(email);
  if (admin) await adminAuth().setCustomUserClaims(account.uid, { admin: true });
  const response = await POST(
    new NextRequest(`${ORIGIN}/api/session`, {
      method: 'POST',
      body: JSON.stringify({ idToken: account.idToken }),
      headers: { origin: ORIGIN },
    }),
  );
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  // A refused sign-in says why (status and body) instead of failing later on a missing cookie.
  if (!setCookie) throw new Error(`POST /api/session answered ${response.status}: ${await response.text()}`);
  const value = setCookie.slice(SESSION_COOKIE.length + 1, setCookie.indexOf(';'));
  const cookie = `${SESSION_COOKIE}=${value}`;
  const { workspaces } = await (await listWorkspaces(apiRequest('GET', '/api/workspaces', { cookie }))).json();
  const personal = (workspaces as { id: string; personal: boolean }[]).find((workspace) => workspace.personal);
  return { ...account, email, value, cookie, workspaceId: personal!.id };
}
