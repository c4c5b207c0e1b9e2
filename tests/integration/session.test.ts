import { NextRequest } from 'next/server';
import { DELETE, POST } from '@/app/api/session/route';
import { adminAuth } from '@/lib/firebase/admin';
import { sealSession, unsealSession, type SessionCookie } from '@/lib/session/cookie';
import { activeSession } from '@/lib/session/server';
import { changePassword, signInWithGoogle, signInWithPassword, signUp, uniqueEmail } from './emulator';
import {
  ORIGIN,
  SECRET,
  backdateProviderCheck,
  cookieValue,
  expectError,
  post,
  sessionCookie,
  signIn,
} from './session-requests';

describe('POST /api/session against the Auth emulator', () => {
  it('turns a valid ID token into a sealed, HttpOnly __session cookie for 24 h from the sign-in', async () => {
    const before = Date.now();
    const { uid, idToken } = await signUp(uniqueEmail('valid'));
    const response = await post(JSON.stringify({ idToken }));
    expect(response.status).toBe(200);
    const setCookie = sessionCookie(response)!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    expect(setCookie).toMatch(/Path=\//);
    // Until a minute before the end of the 24 hours since the sign-in (a few seconds ago).
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
    expect(maxAge).toBeLessThanOrEqual(86340);
    expect(maxAge).toBeGreaterThan(86340 - 30);
    const cookie = await unsealSession(cookieValue(setCookie), SECRET);
    expect(Date.parse(cookie!.lastLoginAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(await activeSession(cookieValue(setCookie))).toMatchObject({
      uid,
      emailVerified: false,
      providerIds: ['password'],
      lastLoginAt: cookie!.lastLoginAt,
    });
    expect((await response.json()).user.uid).toBe(uid);
  });

  it('keeps the provider of a Google sign-in, its name and its verified e-mail', async () => {
    const email = uniqueEmail('google');
    const { uid, idToken } = await signInWithGoogle(email, 'Grace Hopper');
    const response = await post(JSON.stringify({ idToken }));
    expect(response.status).toBe(200);
    expect(await activeSession(cookieValue(sessionCookie(response)!))).toMatchObject({
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
    [
      'an unsigned token for another project',
      {
        idToken: `eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.${Buffer.from(JSON.stringify({ aud: 'other', iss: 'https://securetoken.google.com/other', sub: 'x', iat: 1, exp: 9999999999 })).toString('base64url')}.`,
      },
    ],
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
    expect((await response.json()).error).toEqual({
      code: 'invalidJson',
      message: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    });
  });

  it('answers 413 for a body over 64 KB (a token with a long name and photo address stays far below)', async () => {
    await expectError(await post(JSON.stringify({ idToken: 'x'.repeat(70_000) })), 413, 'payloadTooLarge');
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

describe('the session hint (signed_in)', () => {
  it('is set with the session, readable by the page’s script and gone with the session; sign-out clears it', async () => {
    const { idToken } = await signUp(uniqueEmail('hint'));
    const response = await post(JSON.stringify({ idToken }));
    const hint = response.headers.getSetCookie().find((cookie) => cookie.startsWith('signed_in='))!;
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=lax/i);
    expect(hint).toMatch(/Path=\//);
    expect(/Max-Age=(\d+)/.exec(hint)![1]).toBe(/Max-Age=(\d+)/.exec(sessionCookie(response)!)![1]);
    const signedOut = await DELETE(
      new NextRequest(`${ORIGIN}/api/session`, {
        method: 'DELETE',
        headers: { origin: ORIGIN, cookie: sessionCookie(response)!.split(';')[0] },
      }),
    );
    expect(signedOut.headers.getSetCookie().find((cookie) => cookie.startsWith('signed_in='))).toMatch(
      /^signed_in=; .*Max-Age=0/,
    );
  });
});

describe('DELETE /api/session', () => {
  it('clears the cookie', async () => {
    const response = await DELETE(
      new NextRequest(`${ORIGIN}/api/session`, { method: 'DELETE', headers: { origin: ORIGIN } }),
    );
    expect(response.status).toBe(200);
    expect(sessionCookie(response)).toMatch(/^__session=;.*Max-Age=0/);
  });

  it('refuses a foreign Origin', async () => {
    const response = await DELETE(
      new NextRequest(`${ORIGIN}/api/session`, { method: 'DELETE', headers: { origin: 'https://evil.example' } }),
    );
    await expectError(response, 403, 'forbiddenOrigin');
  });
});

describe('reading the session cookie', () => {
  const user: SessionCookie = {
    sid: '2d0f6a47-3c52-4a39-9f1e-6a8f0b7c1d2e',
    uid: 'u1',
    lastLoginAt: new Date().toISOString(),
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
    const old = await sealSession(
      { ...user, lastLoginAt: new Date(Date.now() - 24 * 3600_000 - 1000).toISOString() },
      SECRET,
    );
    expect(await unsealSession(old, SECRET)).toBeNull();
  });

  it('ends a session after 24 h also when its cookie was unsealed before (each value is unsealed once)', async () => {
    const signedIn = Date.now() - 24 * 3600_000 + 60_000;
    const cookie = { ...user, lastLoginAt: new Date(signedIn).toISOString() };
    const sealed = await sealSession(cookie, SECRET);
    expect(await unsealSession(sealed, SECRET)).toEqual(cookie);
    expect(await unsealSession(sealed, SECRET, signedIn + 24 * 3600_000)).toEqual(cookie);
    expect(await unsealSession(sealed, SECRET, signedIn + 24 * 3600_000 + 1)).toBeNull();
    // Remembered per secret: the value means nothing under another one.
    expect(await unsealSession(sealed, 'another-secret-that-is-long-enough-0000')).toBeNull();
    expect(await unsealSession(sealed, SECRET)).toEqual(cookie);
  });
});

describe('server-side revocation: a copied cookie stops working', () => {
  it('after signing out', async () => {
    const { idToken } = await signUp(uniqueEmail('signout'));
    const { value, cookie } = await signIn(idToken);
    const other = await signIn(idToken);
    expect(await activeSession(value)).toMatchObject({ uid: expect.any(String) });
    const response = await DELETE(
      new NextRequest(`${ORIGIN}/api/session`, { method: 'DELETE', headers: { origin: ORIGIN, cookie } }),
    );
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
    await expectError(
      await post(JSON.stringify({ idToken, refresh: true }), { origin: ORIGIN, cookie: here.cookie }),
      401,
      'invalidToken',
    );
    const renewed = await signIn(await signInWithPassword(email, 'another-secret-456'), here.cookie);
    expect(await activeSession(renewed.value)).not.toBeNull();
    expect(await activeSession(here.value)).toBeNull();
    expect(await activeSession(elsewhere.value)).toBeNull();
  });

  it('when another user signs in over the cookie: the session it named ends, the user’s others stay', async () => {
    const a = await signUp(uniqueEmail('over-a'));
    const b = await signUp(uniqueEmail('over-b'));
    const here = await signIn(a.idToken);
    const elsewhere = await signIn(a.idToken);
    const response = await post(JSON.stringify({ idToken: b.idToken }), { origin: ORIGIN, cookie: here.cookie });
    expect(response.status).toBe(200);
    expect(await activeSession(cookieValue(sessionCookie(response)!))).toMatchObject({ uid: b.uid });
    // A copy of a's cookie taken before (the shared computer's next user) no longer reads a's account.
    expect(await activeSession(here.value)).toBeNull();
    expect(await activeSession(elsewhere.value)).toMatchObject({ uid: a.uid });
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
    const forged = await sealSession({ sid: crypto.randomUUID(), uid, lastLoginAt: new Date().toISOString() }, SECRET);
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
      new NextRequest('http://localhost:3100/api/session', {
        method: 'DELETE',
        headers: { host: '127.0.0.1:3100', origin: 'http://127.0.0.1:3100' },
      }),
    );
    expect(response.status).toBe(403);
  });

  it('refuses an Origin that differs from the public origin only by scheme', async () => {
    const response = await DELETE(
      new NextRequest('http://localhost:3000/api/session', {
        method: 'DELETE',
        headers: { origin: 'https://localhost:3000' },
      }),
    );
    expect(response.status).toBe(403);
  });
});

describe('refreshing the session after an account change', () => {
  it('keeps the time of the sign-in for the same user', async () => {
    const { idToken } = await signUp(uniqueEmail('refresh'));
    const first = sessionCookie(await post(JSON.stringify({ idToken })))!;
    const signedInAt = (await unsealSession(cookieValue(first), SECRET))!.lastLoginAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refreshed = await post(JSON.stringify({ idToken, refresh: true }), {
      origin: ORIGIN,
      cookie: first.split(';')[0],
    });
    expect(refreshed.status).toBe(200);
    expect((await unsealSession(cookieValue(sessionCookie(refreshed)!), SECRET))!.lastLoginAt).toBe(signedInAt);
  });

  it('starts the other user’s own 24 h when the browser’s session is another user’s', async () => {
    const a = await signUp(uniqueEmail('refresh-a'));
    const b = await signUp(uniqueEmail('refresh-b'));
    const first = sessionCookie(await post(JSON.stringify({ idToken: a.idToken })))!;
    const other = await post(JSON.stringify({ idToken: b.idToken, refresh: true }), {
      origin: ORIGIN,
      cookie: first.split(';')[0],
    });
    const user = (await unsealSession(cookieValue(sessionCookie(other)!), SECRET))!;
    expect(user.uid).toBe(b.uid);
    // The time of b's own sign-in (the token's auth_time), not a's.
    const { auth_time } = JSON.parse(Buffer.from(b.idToken.split('.')[1], 'base64url').toString());
    expect(user.lastLoginAt).toBe(new Date(auth_time * 1000).toISOString());
  });
});
