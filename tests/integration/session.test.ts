import { NextRequest } from 'next/server';
import { DELETE, POST } from '@/app/api/session/route';
import { adminAuth } from '@/lib/firebase/admin';
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE, sealSession, unsealSession, type Session } from '@/lib/session/cookie';
import { activeSession } from '@/lib/session/server';
import { PROVIDER_CHECK_INTERVAL_MS } from '@/lib/session/store';
import { database } from '@/lib/db';
import { sessions } from '@/lib/db/schema';
import { changePassword, signInWithGoogle, signInWithPassword, signUp, uniqueEmail } from './emulator';

const ORIGIN = 'http://localhost:3000';
const SECRET = process.env.SESSION_SECRET!;

function post(body: string, headers: Record<string, string> = { origin: ORIGIN }) {
  return POST(new NextRequest(`${ORIGIN}/api/session`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } }));
}

function sessionCookie(response: Response) {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

function cookieValue(setCookie: string) {
  return setCookie.slice(SESSION_COOKIE.length + 1, setCookie.indexOf(';'));
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/at .+\.(ts|js):\d+|node_modules|\/work\//);
  expect(sessionCookie(response)).toBeUndefined();
}

describe('POST /api/session against the Auth emulator', () => {
  it('turns a valid ID token into a sealed, HttpOnly __session cookie for 24 h', async () => {
    const { uid, idToken } = await signUp(uniqueEmail('valid'));
    const before = Date.now();
    const response = await post(JSON.stringify({ idToken }));
    expect(response.status).toBe(200);
    const setCookie = sessionCookie(response)!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=86340/);
    const user = await unsealSession(cookieValue(setCookie), SECRET);
    expect(user).toMatchObject({ uid, emailVerified: false, providerIds: ['password'] });
    expect(Date.parse(user!.lastLoginAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await response.json()).user.uid).toBe(uid);
  });

  it('keeps the provider of a Google sign-in, its name and its verified e-mail', async () => {
    const email = uniqueEmail('google');
    const { uid, idToken } = await signInWithGoogle(email, 'Grace Hopper');
    const response = await post(JSON.stringify({ idToken }));
    expect(response.status).toBe(200);
    expect(await unsealSession(cookieValue(sessionCookie(response)!), SECRET)).toMatchObject({
      uid,
      email,
      displayName: 'Grace Hopper',
      emailVerified: true,
      providerIds: ['google.com'],
    });
  });

  it('refuses a disabled user', async () => {
    const { uid, idToken } = await signUp(uniqueEmail('disabled'));
    await adminAuth().updateUser(uid, { disabled: true });
    await expectError(await post(JSON.stringify({ idToken })), 401, 'userDisabled');
  });

  it('refuses a token whose sessions were revoked', async () => {
    const { uid, idToken } = await signUp(uniqueEmail('revoked'));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // revocation has a resolution of seconds
    await adminAuth().revokeRefreshTokens(uid);
    await expectError(await post(JSON.stringify({ idToken })), 401, 'invalidToken');
  });

  it.each([
    ['a malformed token', { idToken: 'not-a-jwt' }],
    ['an unsigned token for another project', { idToken: `eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.${Buffer.from(JSON.stringify({ aud: 'other', iss: 'https://securetoken.google.com/other', sub: 'x', iat: 1, exp: 9999999999 })).toString('base64url')}.` }],
  ])('answers 401 for %s', async (_, body) => {
    await expectError(await post(JSON.stringify(body)), 401, 'invalidToken');
  });

  it.each([
    ['a missing token', '{}'],
    ['a token of the wrong type', '{"idToken": 42}'],
    ['an array', '[]'],
  ])('answers 400 for %s', async (_, body) => {
    await expectError(await post(body), 400, 'invalidBody');
  });

  it('answers 400 for malformed JSON, in the caller’s language', async () => {
    const response = await post('{"idToken":', { origin: ORIGIN, 'accept-language': 'de-DE,de;q=0.9' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({ code: 'invalidJson', message: 'Der Inhalt der Anfrage ist kein gültiges JSON.' });
  });

  it('answers 413 for a body over 16 KB', async () => {
    await expectError(await post(JSON.stringify({ idToken: 'x'.repeat(20_000) })), 413, 'payloadTooLarge');
  });

  it.each([
    ['no Origin', {}],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a look-alike Origin', { origin: 'http://localhost:3000.evil.example' }],
  ])('refuses %s with 403', async (_, headers) => {
    const { idToken } = await signUp(uniqueEmail('origin'));
    await expectError(await post(JSON.stringify({ idToken }), headers), 403, 'forbiddenOrigin');
  });
});

describe('DELETE /api/session', () => {
  it('clears the cookie', async () => {
    const response = await DELETE(new NextRequest(`${ORIGIN}/api/session`, { method: 'DELETE', headers: { origin: ORIGIN } }));
    expect(response.status).toBe(200);
    expect(sessionCookie(response)).toMatch(/^__session=;.*Max-Age=0/);
  });

  it('refuses a foreign Origin', async () => {
    const response = await DELETE(new NextRequest(`${ORIGIN}/api/session`, { method: 'DELETE', headers: { origin: 'https://evil.example' } }));
    await expectError(response, 403, 'forbiddenOrigin');
  });
});

describe('reading the session cookie', () => {
  const user: Session = {
    sid: '2d0f6a47-3c52-4a39-9f1e-6a8f0b7c1d2e',
    uid: 'u1',
    email: 'u1@example.com',
    displayName: null,
    photoURL: null,
    emailVerified: true,
    providerIds: ['password'],
    lastLoginAt: new Date().toISOString(),
    admin: false,
  };

  it('signs out a tampered cookie', async () => {
    const sealed = await sealSession(user, SECRET);
    const tampered = sealed.slice(0, 40) + (sealed[40] === 'A' ? 'B' : 'A') + sealed.slice(41);
    expect(await unsealSession(sealed, SECRET)).toEqual(user);
    expect(await unsealSession(tampered, SECRET)).toBeNull();
  });

  it('signs out a cookie sealed with another secret', async () => {
    const foreign = await sealSession(user, 'another-secret-that-is-long-enough-0000');
    expect(await unsealSession(foreign, SECRET)).toBeNull();
  });

  it('signs out a session older than 24 h', async () => {
    const old = await sealSession({ ...user, lastLoginAt: new Date(Date.now() - 24 * 3600_000 - 1000).toISOString() }, SECRET);
    expect(await unsealSession(old, SECRET)).toBeNull();
  });
});

async function signIn(idToken: string, cookie?: string) {
  const response = await post(JSON.stringify({ idToken, ...(cookie && { refresh: true }) }), { origin: ORIGIN, ...(cookie && { cookie }) });
  expect(response.status).toBe(200);
  const value = cookieValue(sessionCookie(response)!);
  return { value, cookie: `${SESSION_COOKIE}=${value}` };
}

async function backdateProviderCheck(value: string) {
  const { sid } = (await unsealSession(value, SECRET))!;
  const db = await database();
  await db.update(sessions).set({ checkedAt: new Date(Date.now() - PROVIDER_CHECK_INTERVAL_MS - 1000) }).where(eq(sessions.id, sid));
}

describe('server-side revocation: a copied cookie stops working', () => {
  it('after signing out', async () => {
    const { idToken } = await signUp(uniqueEmail('signout'));
    const { value, cookie } = await signIn(idToken);
    const other = await signIn(idToken);
    expect(await activeSession(value)).toMatchObject({ uid: expect.any(String) });
    const response = await DELETE(new NextRequest(`${ORIGIN}/api/session`, { method: 'DELETE', headers: { origin: ORIGIN, cookie } }));
    expect(response.status).toBe(200);
    expect(await activeSession(value)).toBeNull();
    // Signing out in one browser leaves the user's other sign-ins alone.
    expect(await activeSession(other.value)).not.toBeNull();
  });

  it('after a password change: every older session ends, the renewed one goes on', async () => {
    const email = uniqueEmail('password');
    const { idToken } = await signUp(email);
    const here = await signIn(idToken);
    const elsewhere = await signIn(idToken);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // tokensValidAfterTime counts in seconds
    await changePassword(idToken, 'another-secret-456');
    // The token of the change itself counts as revoked; the browser signs in again with the new password.
    await expectError(await post(JSON.stringify({ idToken, refresh: true }), { origin: ORIGIN, cookie: here.cookie }), 401, 'invalidToken');
    const renewed = await signIn(await signInWithPassword(email, 'another-secret-456'), here.cookie);
    expect(await activeSession(renewed.value)).not.toBeNull();
    expect(await activeSession(here.value)).toBeNull();
    expect(await activeSession(elsewhere.value)).toBeNull();
  });

  it('when the account is disabled: at the next check with the provider, every session ends', async () => {
    const { uid, idToken } = await signUp(uniqueEmail('disable-later'));
    const first = await signIn(idToken);
    const second = await signIn(idToken);
    await adminAuth().updateUser(uid, { disabled: true });
    // Pages do not ask the provider on every request: until the interval has passed the session stands.
    expect(await activeSession(first.value)).not.toBeNull();
    await backdateProviderCheck(first.value);
    expect(await activeSession(first.value)).toBeNull();
    expect(await activeSession(second.value)).toBeNull();
  });

  it('when the account is deleted elsewhere', async () => {
    const { uid, idToken } = await signUp(uniqueEmail('deleted'));
    const { value } = await signIn(idToken);
    await adminAuth().deleteUser(uid);
    await backdateProviderCheck(value);
    expect(await activeSession(value)).toBeNull();
  });

  it('stays valid after a check that finds the account in order', async () => {
    const { idToken } = await signUp(uniqueEmail('in-order'));
    const { value } = await signIn(idToken);
    await backdateProviderCheck(value);
    expect(await activeSession(value)).not.toBeNull();
  });

  it('refuses a well-sealed cookie whose session the server never issued', async () => {
    const { uid } = await signUp(uniqueEmail('forged'));
    const forged = await sealSession(
      { sid: crypto.randomUUID(), uid, email: null, displayName: null, photoURL: null, emailVerified: true, providerIds: ['password'], lastLoginAt: new Date().toISOString() },
      SECRET,
    );
    expect(await unsealSession(forged, SECRET)).not.toBeNull();
    expect(await activeSession(forged)).toBeNull();
  });
});

describe('the Origin check', () => {
  it('accepts the public origin under another name of the loopback interface (a browser on 127.0.0.1)', async () => {
    const { idToken } = await signUp(uniqueEmail('host'));
    const response = await POST(
      new NextRequest('http://localhost:3000/api/session', {
        method: 'POST',
        body: JSON.stringify({ idToken }),
        headers: { 'content-type': 'application/json', host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      }),
    );
    expect(response.status).toBe(200);
  });

  it('refuses the host a request names when that is not the public origin', async () => {
    const response = await DELETE(
      new NextRequest('http://localhost:3100/api/session', { method: 'DELETE', headers: { host: '127.0.0.1:3100', origin: 'http://127.0.0.1:3100' } }),
    );
    expect(response.status).toBe(403);
  });

  it('refuses an Origin that differs from the public origin only by scheme', async () => {
    const response = await DELETE(new NextRequest('http://localhost:3000/api/session', { method: 'DELETE', headers: { origin: 'https://localhost:3000' } }));
    expect(response.status).toBe(403);
  });
});

describe('refreshing the session after an account change', () => {
  it('keeps the time of the sign-in for the same user', async () => {
    const { idToken } = await signUp(uniqueEmail('refresh'));
    const first = sessionCookie(await post(JSON.stringify({ idToken })))!;
    const signedInAt = (await unsealSession(cookieValue(first), SECRET))!.lastLoginAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refreshed = await post(JSON.stringify({ idToken, refresh: true }), { origin: ORIGIN, cookie: first.split(';')[0] });
    expect(refreshed.status).toBe(200);
    expect((await unsealSession(cookieValue(sessionCookie(refreshed)!), SECRET))!.lastLoginAt).toBe(signedInAt);
  });

  it('starts a new 24 h for another user', async () => {
    const a = await signUp(uniqueEmail('refresh-a'));
    const b = await signUp(uniqueEmail('refresh-b'));
    const first = sessionCookie(await post(JSON.stringify({ idToken: a.idToken })))!;
    const oldTime = (await unsealSession(cookieValue(first), SECRET))!.lastLoginAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const other = await post(JSON.stringify({ idToken: b.idToken, refresh: true }), { origin: ORIGIN, cookie: first.split(';')[0] });
    const user = (await unsealSession(cookieValue(sessionCookie(other)!), SECRET))!;
    expect(user.uid).toBe(b.uid);
    expect(user.lastLoginAt > oldTime).toBe(true);
  });
});
