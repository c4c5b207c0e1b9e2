// How long a session may start, last and keep working: only from a fresh sign-in, 24 h from it, a
// small cookie whatever the provider's profile holds, and not long after the account was disabled.
import { eq } from 'drizzle-orm';
import { POST as createTicket } from '@/app/api/tickets/route';
import { adminAuth } from '@/lib/firebase/admin';
import { database } from '@/lib/db';
import { sessions, tickets } from '@/lib/db/schema';
import { SESSION_COOKIE, sealSession, unsealSession } from '@/lib/session/cookie';
import { activeSession } from '@/lib/session/server';
import { CHECK_RECORD_INTERVAL_MS, createSession } from '@/lib/session/store';
import {
  craftedIdToken,
  linkProvider,
  moveValidSinceBack,
  signInWithPassword,
  signUp,
  uniqueEmail,
  updateProfile,
} from './emulator';
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
import { apiRequest } from './signed-in';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A time `ms` ago, in the whole seconds ID tokens count in. */
const ago = (ms: number) => new Date(Math.floor((Date.now() - ms) / 1000) * 1000);

/** An account whose tokens are valid back to four days ago, so that only the sign-in's age decides. */
async function account(prefix: string) {
  const email = uniqueEmail(prefix);
  const { uid } = await signUp(email);
  await moveValidSinceBack(uid, ago(4 * DAY));
  return { uid, email };
}

async function sessionRows(uid: string) {
  const db = await database();
  return db.select().from(sessions).where(eq(sessions.uid, uid));
}

describe('a session starts only from a fresh sign-in (Firebase’s session-cookie guidance)', () => {
  it('starts one from a sign-in of a minute ago, lasting 24 hours from that sign-in', async () => {
    const me = await account('fresh');
    const signedInAt = ago(MINUTE);
    const response = await post(JSON.stringify({ idToken: craftedIdToken(me, signedInAt) }));
    expect(response.status).toBe(200);
    expect((await response.json()).user.lastLoginAt).toBe(signedInAt.toISOString());
    const setCookie = sessionCookie(response)!;
    expect((await unsealSession(cookieValue(setCookie), SECRET))!.lastLoginAt).toBe(signedInAt.toISOString());
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
    expect(maxAge).toBeLessThanOrEqual((DAY - MINUTE) / 1000 - 60);
    expect(maxAge).toBeGreaterThan((DAY - MINUTE) / 1000 - 60 - 30);
    const [row] = await sessionRows(me.uid);
    expect(row.expiresAt.toISOString()).toBe(new Date(signedInAt.getTime() + DAY).toISOString());
  });

  it.each([
    ['6 minutes', 6 * MINUTE],
    ['25 hours', 25 * HOUR],
    ['3 days', 3 * DAY],
  ])(
    'refuses a sign-in of %s ago (a token refreshed since) with a translated 401, starting nothing',
    async (_, age) => {
      const me = await account('stale');
      const response = await post(JSON.stringify({ idToken: craftedIdToken(me, ago(age)) }), {
        origin: ORIGIN,
        'accept-language': 'de',
      });
      const error = await expectError(response, 401, 'requiresRecentLogin');
      expect(error.message).toBe('Bitte bestätigen Sie zu Ihrer Sicherheit noch einmal Ihr Passwort.');
      expect(await sessionRows(me.uid)).toEqual([]);
    },
  );

  it('renews an active session after an account change with an older token, never past 24 h of its sign-in', async () => {
    const me = await account('renew');
    // This browser signed in two hours ago; its token has been refreshed since.
    const signedInAt = ago(2 * HOUR);
    const profile = {
      email: me.email,
      displayName: null,
      photoURL: null,
      emailVerified: false,
      providerIds: ['password'],
      admin: false,
    };
    const sid = await createSession({ uid: me.uid, lastLoginAt: signedInAt.toISOString(), profile });
    const cookie = `${SESSION_COOKIE}=${await sealSession({ sid, uid: me.uid, lastLoginAt: signedInAt.toISOString() }, SECRET)}`;
    const token = craftedIdToken(me, signedInAt);

    const renewed = await signIn(token, cookie);
    expect((await unsealSession(renewed.value, SECRET))!.lastLoginAt).toBe(signedInAt.toISOString());
    expect(await activeSession(renewed.value)).not.toBeNull();
    // Without a session to renew, the same token is a sign-in of two hours ago: refused.
    await expectError(await post(JSON.stringify({ idToken: token, refresh: true })), 401, 'requiresRecentLogin');
    // A sign-in older than 24 h renews nothing, even beside an active session.
    await expectError(
      await post(JSON.stringify({ idToken: craftedIdToken(me, ago(25 * HOUR)), refresh: true }), {
        origin: ORIGIN,
        cookie: renewed.cookie,
      }),
      401,
      'requiresRecentLogin',
    );
  });
});

describe('the session cookie stays small whatever the provider keeps of the user', () => {
  it('signs in a user with a 3,900-character name, a long photo address and 16 providers', async () => {
    const email = uniqueEmail('long');
    const { idToken } = await signUp(email);
    const displayName = 'Maximiliane Ünal-Straßburger '.repeat(135).slice(0, 3900);
    const photoURL = `https://photos.example.com/${'a1b2c3d4'.repeat(250)}.png`;
    await updateProfile(idToken, { displayName, photoUrl: photoURL });
    const providers = [
      'google.com',
      'facebook.com',
      'github.com',
      'twitter.com',
      'apple.com',
      'microsoft.com',
      'yahoo.com',
    ];
    providers.push(...Array.from({ length: 8 }, (_, i) => `oidc.enterprise-directory-${i}`));
    for (const providerId of providers) await linkProvider(idToken, providerId, email);

    const response = await post(JSON.stringify({ idToken: await signInWithPassword(email, 'secret-123') }));
    expect(response.status).toBe(200);
    const setCookie = sessionCookie(response)!;
    // Browsers drop a cookie over 4,096 bytes; this one holds ids and a time only.
    expect(Buffer.byteLength(setCookie)).toBeLessThan(1024);
    const session = await activeSession(cookieValue(setCookie));
    expect(session).toMatchObject({ email, displayName, photoURL });
    expect(session!.providerIds).toHaveLength(providers.length + 1);
    expect(session!.providerIds).toEqual(expect.arrayContaining(['password', ...providers]));
  });
});

describe('a disabled or deleted account stops working', () => {
  const ticket = { subject: 'Still there?', category: 'account', message: 'Written after the account was disabled.' };

  async function ticketCount(uid: string) {
    return (await (await database()).select().from(tickets).where(eq(tickets.uid, uid))).length;
  }

  it('refuses a mutation at once when the account was disabled, and ends every session', async () => {
    const { uid, idToken } = await signUp(uniqueEmail('disabled-now'));
    const { value, cookie } = await signIn(idToken);
    await adminAuth().updateUser(uid, { disabled: true });
    const response = await createTicket(
      apiRequest('POST', '/api/tickets', { cookie }, ticket, { 'content-type': 'application/json' }),
    );
    expect(response.status).toBe(401);
    expect(await ticketCount(uid)).toBe(0);
    expect(await activeSession(value)).toBeNull();
  });

  it('refuses a mutation at once when the account was deleted', async () => {
    const { uid, idToken } = await signUp(uniqueEmail('deleted-now'));
    const { cookie } = await signIn(idToken);
    await adminAuth().deleteUser(uid);
    const response = await createTicket(
      apiRequest('POST', '/api/tickets', { cookie }, ticket, { 'content-type': 'application/json' }),
    );
    expect(response.status).toBe(401);
    expect(await ticketCount(uid)).toBe(0);
  });

  it('ends page reads within a minute of the last check', async () => {
    const { uid, idToken } = await signUp(uniqueEmail('disabled-read'));
    const { value } = await signIn(idToken);
    await adminAuth().updateUser(uid, { disabled: true });
    // Reads do not ask the provider on every request…
    expect(await activeSession(value)).not.toBeNull();
    // …but a minute after the last check they do.
    await backdateProviderCheck(value, MINUTE + 1000);
    expect(await activeSession(value)).toBeNull();
  });

  it('keeps a mutation of an account in order working, and counts it as a check', async () => {
    const { uid, idToken } = await signUp(uniqueEmail('in-order-now'));
    const { value, cookie } = await signIn(idToken);
    await backdateProviderCheck(value, MINUTE + 1000);
    const response = await createTicket(
      apiRequest('POST', '/api/tickets', { cookie }, ticket, { 'content-type': 'application/json' }),
    );
    expect(response.status).toBe(201);
    expect(await ticketCount(uid)).toBe(1);
    const [row] = await sessionRows(uid);
    expect(Date.now() - row.checkedAt.getTime()).toBeLessThan(MINUTE);
  });

  it('writes a mutation’s check down at most every 10 s, and still asks the provider for each one', async () => {
    const { uid, idToken } = await signUp(uniqueEmail('checked-often'));
    const { value, cookie } = await signIn(idToken);
    let posted = 0;
    const post = () =>
      createTicket(
        apiRequest(
          'POST',
          '/api/tickets',
          { cookie },
          { ...ticket, subject: `Check ${++posted}` },
          {
            'content-type': 'application/json',
          },
        ),
      );
    const checkedAt = async () => (await sessionRows(uid))[0].checkedAt.getTime();
    const atSignIn = await checkedAt();
    expect((await post()).status).toBe(201);
    expect(await checkedAt()).toBe(atSignIn);
    await backdateProviderCheck(value, CHECK_RECORD_INTERVAL_MS);
    const backdated = await checkedAt();
    expect((await post()).status).toBe(201);
    expect(await checkedAt()).toBeGreaterThan(backdated + CHECK_RECORD_INTERVAL_MS - 1000);
    // Not written down, but asked: the next mutation of a disabled account is refused at once.
    await adminAuth().updateUser(uid, { disabled: true });
    expect((await post()).status).toBe(401);
    expect(await ticketCount(uid)).toBe(2);
  });
});
