// Rotating SESSION_SECRET: the app's modules are loaded a second time with the new secret, the old one
// as SESSION_SECRET_PREVIOUS; what the old secret sealed or signed (session cookies, visitor tokens, the
// lobby's guest cookie) goes on working, and what is sealed anew uses the new secret only.
import { activeSession } from '@/lib/session/server';
import { unsealSession } from '@/lib/session/cookie';
import { issueVisitorToken, verifyVisitorToken } from '@/lib/conversations/visitor/token';
import { guestIdentity, verifyGuestIdentity } from '@/lib/chat/identity';
import { signUp, uniqueEmail } from './emulator';
import { SECRET, signIn } from './session-requests';

// Each rotation loads the app's module graph anew (jest.isolateModulesAsync): 7 s on a quiet host, over
// 30 s on a loaded one.
jest.setTimeout(120_000);

const NEW_SECRET = 'the-secret-after-the-rotation-0123456789';

type Rotated = {
  activeSession: typeof activeSession;
  signIn: typeof signIn;
  issueVisitorToken: typeof issueVisitorToken;
  verifyVisitorToken: typeof verifyVisitorToken;
  guestIdentity: typeof guestIdentity;
};

/** The app as an instance started with NEW_SECRET (and `previous`) sees it; the database is the same. */
async function startedWith(previous: string | null): Promise<Rotated> {
  let app: Rotated | undefined;
  await jest.isolateModulesAsync(async () => {
    process.env.SESSION_SECRET = NEW_SECRET;
    if (previous) process.env.SESSION_SECRET_PREVIOUS = previous;
    const [server, requests, token, identity] = await Promise.all([
      import('@/lib/session/server'),
      import('./session-requests'),
      import('@/lib/conversations/visitor/token'),
      import('@/lib/chat/identity'),
    ]);
    app = { activeSession: server.activeSession, signIn: requests.signIn, ...token, ...identity };
  });
  process.env.SESSION_SECRET = SECRET;
  delete process.env.SESSION_SECRET_PREVIOUS;
  return app!;
}

it('keeps sessions, visitor tokens and guests of the previous secret, and seals anew with the new one', async () => {
  const { uid, idToken } = await signUp(uniqueEmail('rotation'));
  const before = await signIn(idToken);
  const visitor = issueVisitorToken({ widgetId: 'w-rotation', visitorId: 'v-rotation' });
  const guest = guestIdentity(undefined);

  const rotated = await startedWith(SECRET);
  expect(await rotated.activeSession(before.value)).toMatchObject({ uid });
  expect(rotated.verifyVisitorToken(visitor, 'w-rotation')).toMatchObject({ visitorId: 'v-rotation' });
  // A muted lobby guest keeps the identity they were muted by.
  expect(rotated.guestIdentity(guest.issued!)).toEqual({ id: guest.id, issued: null });
  // Signing in (or the widget's next start) seals with the new secret: the old one can be dropped later.
  const after = await rotated.signIn(idToken);
  expect(await unsealSession(after.value, NEW_SECRET)).toMatchObject({ uid });
  expect(await unsealSession(after.value, SECRET)).toBeNull();
  const renewed = rotated.issueVisitorToken({ widgetId: 'w-rotation', visitorId: 'v-rotation' });
  expect(() => verifyVisitorToken(renewed, 'w-rotation')).toThrow();
  const newGuest = rotated.guestIdentity(undefined);
  expect(verifyGuestIdentity(newGuest.issued!)).toBeNull();

  // Once the previous secret is dropped, what only it sealed opens no more.
  const dropped = await startedWith(null);
  expect(await dropped.activeSession(before.value)).toBeNull();
  expect(() => dropped.verifyVisitorToken(visitor, 'w-rotation')).toThrow();
  expect(dropped.guestIdentity(guest.issued!).id).not.toBe(guest.id);
  expect(await dropped.activeSession(after.value)).toMatchObject({ uid });
});
