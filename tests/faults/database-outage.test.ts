import type { NextRequest } from 'next/server';
import { startForwarder } from './forwarder';
import { sql } from '../support/pg';

jest.setTimeout(30_000);

// The app talks to the test's PostgreSQL through a forwarder that the test cuts off and restores.
const target = new URL(process.env.TEST_DATABASE_URL!);
let forwarder: Awaited<ReturnType<typeof startForwarder>>;
let modules: {
  create: (request: NextRequest) => Promise<Response>;
  signedIn: typeof import('../integration/signed-in').signedIn;
  ORIGIN: string;
  NextRequest: typeof NextRequest;
  closeDatabase: () => Promise<void>;
};

beforeAll(async () => {
  forwarder = await startForwarder({ host: target.hostname, port: Number(target.port) });
  const url = new URL(target);
  url.port = String(forwarder.port);
  process.env.DATABASE_URL = url.toString();
  // Loaded after DATABASE_URL is set: lib/env reads it once.
  const [{ POST }, helpers, { NextRequest }, { closeDatabase }] = await Promise.all([
    import('@/app/api/tickets/route'),
    import('../integration/signed-in'),
    import('next/server'),
    import('@/lib/db'),
  ]);
  modules = { create: POST, signedIn: helpers.signedIn, ORIGIN: helpers.ORIGIN, NextRequest, closeDatabase };
});

afterAll(async () => {
  await modules?.closeDatabase();
  await forwarder?.stop();
});

async function ticketCount(uid: string) {
  const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from tickets where uid = $1', [uid]);
  return n;
}

it('answers 503 in the caller’s language while the database is unreachable, writes nothing, and recovers by itself', async () => {
  const { create, signedIn, ORIGIN, NextRequest } = modules;
  const me = await signedIn('outage');
  const post = (subject: string) =>
    create(
      new NextRequest(`${ORIGIN}/api/tickets`, {
        method: 'POST',
        body: JSON.stringify({
          subject,
          category: 'technical',
          message: 'The database went away in the middle of this.',
        }),
        headers: { origin: ORIGIN, cookie: me.cookie, 'accept-language': 'de' },
      }),
    );
  expect((await post('Before the outage')).status).toBe(201);

  await forwarder.cut();
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  const during = await post('During the outage');
  const lines = [...logged.mock.calls];
  logged.mockRestore();
  expect(during.status).toBe(503);
  expect(during.headers.get('retry-after')).toBe('10');
  // One line naming what failed; not the session's row id that the statement was sent with. The pool's idle
  // connection was cut too: the query meets it closing, or a refused new one, depending on which comes first.
  expect(lines).toContainEqual([
    expect.stringMatching(
      /^database unavailable: select sessions failed: (?:ECONNREFUSED|Connection terminated unexpectedly) after \d+ ms$/,
    ),
  ]);
  const [{ id: sessionId }] = await sql<{ id: string }>('select id from sessions where uid = $1', [me.uid]);
  expect(JSON.stringify(lines)).not.toContain(sessionId);
  expect((await during.json()).error).toEqual({
    code: 'unavailable',
    message: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
  });
  expect(await ticketCount(me.uid)).toBe(1);

  await forwarder.restore();
  expect((await post('After the outage')).status).toBe(201);
  expect(await ticketCount(me.uid)).toBe(2);
});
