import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { sealSession, SESSION_COOKIE, type SessionCookie } from '@/lib/session/cookie';
import { baseURL, e2eSessionSecret } from '../../playwright.config';
import { localized, messages, type Locale } from './fixtures';

const emulator = `http://127.0.0.1:${process.env.E2E_AUTH_EMULATOR_PORT || 9399}`;

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Creates an account in the Auth emulator (as the Firebase SDK would) and answers its ID token. */
export async function createAccount(request: APIRequestContext, email = uniqueEmail(), password = 'secret-123') {
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      data: { email, password, returnSecureToken: true },
    },
  );
  expect(response.ok()).toBe(true);
  const body = await response.json();
  // The sign-up's own token can read as revoked (tests/integration/emulator.ts, signUp): a sign-in's cannot.
  const signedIn = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(signedIn.ok()).toBe(true);
  return { email, password, uid: body.localId as string, idToken: (await signedIn.json()).idToken as string };
}

/** A signed-in browser: a new account, signed in through the login form (the SDK and the server). */
export async function signIn(page: Page, email?: string, locale: Locale = 'en') {
  const account = await createAccount(page.request, email);
  await signInThroughForm(page, account, locale);
  return account;
}

/** A server session only (POST /api/session with the account's ID token), as an API client has it. */
export async function startApiSession(request: APIRequestContext) {
  const account = await createAccount(request);
  const response = await request.post('/api/session', {
    data: { idToken: account.idToken },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
  return account;
}

/** A session cookie sealed with the server's test secret, e.g. one that is too old. */
export async function craftedSessionCookie(session: Partial<SessionCookie>) {
  const value = await sealSession(
    { sid: crypto.randomUUID(), uid: 'crafted', lastLoginAt: new Date().toISOString(), ...session },
    e2eSessionSecret,
  );
  return { name: SESSION_COOKIE, value, url: baseURL, httpOnly: true, sameSite: 'Lax' as const };
}

/** Disables an account with the emulator's admin API (as support staff would in the console). */
export async function disableAccount(request: APIRequestContext, uid: string) {
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/projects/demo-plauder/accounts:update`,
    {
      headers: { authorization: 'Bearer owner' },
      data: { localId: uid, disableUser: true },
    },
  );
  expect(response.ok()).toBe(true);
}

/** Signs in through the login form (in `locale`), so that the browser's Firebase SDK holds the user too. */
export async function signInThroughForm(
  page: Page,
  account: { email: string; password: string },
  locale: Locale = 'en',
) {
  const { login, fields } = messages[locale].Auth;
  await page.goto(localized('/login', locale));
  const form = page.getByRole('form', { name: login.title });
  await form.getByLabel(fields.email).fill(account.email);
  await form.getByLabel(fields.password).fill(account.password);
  await form.getByRole('button', { name: login.submit }).click();
  await expect(page).toHaveURL(locale === 'de' ? /\/de\/dashboard$/ : /127\.0\.0\.1:\d+\/dashboard$/);
}

/** Makes an account support staff (the custom claim `admin: true`), as `npm run admin:grant` does. */
export async function grantAdmin(request: APIRequestContext, uid: string) {
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/projects/demo-plauder/accounts:update`,
    {
      headers: { authorization: 'Bearer owner' },
      data: { localId: uid, customAttributes: JSON.stringify({ admin: true }) },
    },
  );
  expect(response.ok()).toBe(true);
}
