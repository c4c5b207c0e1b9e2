// The identity provider accepts connections and never answers (tests/support/silent-provider in front of the
// tests' Auth emulator): a sign-in, a mutation with a live session and a read whose provider check is due answer
// the translated 503 within the deadline, write nothing, and leave no connection to the provider open; once it
// answers again, so does the app.
import { eq } from 'drizzle-orm';
import { POST as signIn } from '@/app/api/session/route';
import { GET as listTickets, POST as createTicket } from '@/app/api/tickets/route';
import { database } from '@/lib/db';
import { tickets } from '@/lib/db/schema';
import { IDENTITY_DEADLINE_MS } from '@/lib/firebase/deadline.mjs';
import de from '@/messages/de.json';
import { signUp, uniqueEmail } from './emulator';
import { backdateProviderCheck } from './session-requests';
import { apiRequest, signedIn } from './signed-in';
import { until } from '../support/sse';
import { startSilentProvider, within } from '../support/silent-provider';

// Generous, so that a request that hangs fails the test instead of stalling it; no timing is asserted.
const BOUND_MS = 3 * IDENTITY_DEADLINE_MS;
const GERMAN = { 'accept-language': 'de' };
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
let provider: Awaited<ReturnType<typeof startSilentProvider>>;

beforeAll(async () => {
  provider = await startSilentProvider(emulatorHost);
  // firebase-admin reads it on every call; the tests' own calls to the emulator pass the stand-in unchanged.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = provider.host;
});

afterEach(() => provider.release());

afterAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  await provider.stop();
});

/** Runs `work` while the provider is silent: what it answered and what the app logged meanwhile. */
async function whileSilent(work: () => Promise<Response>) {
  provider.silence();
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const response = await within(BOUND_MS, work());
    return { response, logged: logged.mock.calls.map((call) => call.join(' ')) };
  } finally {
    logged.mockRestore();
  }
}

/** The translated 503: Retry-After, the caller's language, the line naming what failed, no cookie. */
async function expectUnavailable({ response, logged }: Awaited<ReturnType<typeof whileSilent>>) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('10');
  expect((await response.json()).error).toEqual({ code: 'unavailable', message: de.Api.errors.unavailable });
  expect(response.headers.getSetCookie()).toEqual([]);
  expect(logged).toEqual([
    `identity provider unavailable: no answer from the identity provider within ${IDENTITY_DEADLINE_MS} ms`,
  ]);
  // The app hung up on the provider: no socket of it waits for an answer any more.
  await until(() => provider.held, 0, IDENTITY_DEADLINE_MS);
}

async function ticketCount(uid: string) {
  return (await (await database()).select().from(tickets).where(eq(tickets.uid, uid))).length;
}

it('answers a sign-in with the translated 503 within the deadline, and signs in once the provider answers', async () => {
  const { idToken } = await signUp(uniqueEmail('deadline-sign-in'));
  const request = () => signIn(apiRequest('POST', '/api/session', null, { idToken }, GERMAN));
  await expectUnavailable(await whileSilent(request));

  provider.release();
  expect((await request()).status).toBe(200);
});

it('answers a mutation with a live session with the translated 503 within the deadline and writes nothing', async () => {
  const me = await signedIn('deadline-mutation');
  const body = { subject: 'Slow provider', category: 'technical', message: 'The identity provider hangs.' };
  const request = () => createTicket(apiRequest('POST', '/api/tickets', me, body, GERMAN));
  await expectUnavailable(await whileSilent(request));
  expect(await ticketCount(me.uid)).toBe(0);

  provider.release();
  expect((await request()).status).toBe(201);
  expect(await ticketCount(me.uid)).toBe(1);
});

it('answers a read whose provider check is due with the translated 503 within the deadline', async () => {
  const me = await signedIn('deadline-read');
  await backdateProviderCheck(me.value);
  await expectUnavailable(
    await whileSilent(() => listTickets(apiRequest('GET', '/api/tickets', me, undefined, GERMAN))),
  );
});
