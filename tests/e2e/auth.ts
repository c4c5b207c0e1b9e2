import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { sealSession, SESSION_COOKIE, type SessionUser } from '@/lib/session/cookie';
import { baseURL, e2eSessionSecret } from '../../playwright.config';

const emulator = `http://127.0.0.1:${process.env.E2E_AUTH_EMULATOR_PORT || 9399}`;

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Creates an account in the Auth emulator (as the Firebase SDK would) and answers its ID token. */
export async function createAccount(request: APIRequestContext, email = uniqueEmail(), password = 'secret-123') {
  const response = await request.post(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    data: { email, password, returnSecureToken: true },
  });
  expect(response.ok()).toBe(true);
  const body = await response.json();
  return { email, password, uid: body.localId as string, idToken: body.idToken as string };
}

/** A signed-in browser context: a new account whose ID token went through POST /api/session. */
export async function signIn(page: Page, email?: string) {
  const account = await createAccount(page.request, email);
  const response = await page.request.post('/api/session', { data: { idToken: account.idToken }, headers: { origin: baseURL } });
  expect(response.status()).toBe(200);
  return account;
}

/** A session cookie sealed with the server's test secret, e.g. one that is too old. */
export async function craftedSessionCookie(user: Partial<SessionUser>) {
  const value = await sealSession(
    {
      uid: 'crafted',
      email: 'crafted@example.com',
      displayName: null,
      photoURL: null,
      emailVerified: true,
      providerIds: ['password'],
      lastLoginAt: new Date().toISOString(),
      ...user,
    },
    e2eSessionSecret,
  );
  return { name: SESSION_COOKIE, value, url: baseURL, httpOnly: true, sameSite: 'Lax' as const };
}
