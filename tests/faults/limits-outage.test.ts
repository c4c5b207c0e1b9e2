// Limits live in PostgreSQL: when the database cannot count a use or hand out a stream slot, the
// request is the translated 503 with Retry-After (never a 500, never let through uncounted), and it works
// again once the database answers. The app talks to the tests' PostgreSQL through a forwarder.
import { randomBytes } from 'node:crypto';
import { startForwarder } from './forwarder';
import { sql } from '../support/pg';
import de from '@/messages/de.json';

jest.setTimeout(60_000);

const target = new URL(process.env.TEST_DATABASE_URL!);
let forwarder: Awaited<ReturnType<typeof startForwarder>>;
/** The app's modules, loaded after DATABASE_URL is set: lib/env reads it once. */
async function load() {
  const [route, errors, allowances, leases, helpers, { NextRequest }, { closeDatabase }] = await Promise.all([
    import('@/app/api/chat/[room]/messages/route'),
    import('@/lib/api/errors'),
    import('@/lib/limits/allowances'),
    import('@/lib/limits/leases'),
    import('../integration/signed-in'),
    import('next/server'),
    import('@/lib/db'),
  ]);
  return {
    lobbyPost: route.POST,
    handle: errors.handle,
    takeAllowance: allowances.takeAllowance,
    takeSlot: leases.takeSlot,
    ORIGIN: helpers.ORIGIN,
    NextRequest,
    closeDatabase,
  };
}
let app: Awaited<ReturnType<typeof load>>;

beforeAll(async () => {
  forwarder = await startForwarder({ host: target.hostname, port: Number(target.port) });
  const url = new URL(target);
  url.port = String(forwarder.port);
  process.env.DATABASE_URL = url.toString();
  app = await load();
});

afterAll(async () => {
  await forwarder?.reset();
  await app?.closeDatabase();
  await forwarder?.stop();
});

const unavailable = { code: 'unavailable', message: de.Api.errors.unavailable };

it('answers a lobby post whose count cannot be taken in time with the translated 503, and stores nothing', async () => {
  const { lobbyPost, ORIGIN, NextRequest } = app;
  const address = `2001:db8::${randomBytes(4).toString('hex')}`;
  const mark = `limits outage ${Date.now()}`;
  const post = (i: number) =>
    lobbyPost(
      new NextRequest(`${ORIGIN}/api/chat/lobby/messages`, {
        method: 'POST',
        body: JSON.stringify({ text: `${mark} ${i}`, name: 'Guest' }),
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': address,
          'accept-language': 'de',
        },
      }),
      { params: Promise.resolve({ room: 'lobby' }) },
    );
  expect((await post(1)).status).toBe(201);

  // Another session holds the guest's counter: the count waits past the request's budget.
  const { Client } = await import('pg');
  const holder = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await holder.connect();
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    await holder.query('begin');
    await holder.query(`select * from rate_limits where bucket = 'posts' and key = $1 for update`, [
      `guest:${address}`,
    ]);
    const during = await post(2);
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('10');
    expect((await during.json()).error).toEqual(unavailable);
  } finally {
    await holder.query('rollback');
    await holder.end();
    logged.mockRestore();
  }
  const stored = await sql<{ body: string }>(`select body from chat_messages where room = 'lobby' and body like $1`, [
    `${mark} %`,
  ]);
  expect(stored.map((row) => row.body)).toEqual([`${mark} 1`]);
  expect((await post(3)).status).toBe(201);
});

it('answers the translated 503 while the database is unreachable, for a count and for a stream slot', async () => {
  const { handle, takeAllowance, takeSlot } = app;
  const key = `outage-${randomBytes(6).toString('hex')}`;
  const request = () => new Request('http://localhost:3000/api/limits', { headers: { 'accept-language': 'de' } });
  const counting = () =>
    handle(request(), async () => {
      await takeAllowance('test', key, 5, 60_000);
      return new Response(null, { status: 204 });
    });
  const streaming = () =>
    handle(request(), async () => {
      await (
        await takeSlot('test', key, 5, 'tooManyStreams')
      )();
      return new Response(null, { status: 204 });
    });
  expect((await counting()).status).toBe(204);

  await forwarder.cut();
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    for (const during of [await counting(), await streaming()]) {
      expect(during.status).toBe(503);
      expect(during.headers.get('retry-after')).toBe('10');
      expect((await during.json()).error).toEqual(unavailable);
    }
  } finally {
    logged.mockRestore();
    await forwarder.restore();
  }
  expect((await counting()).status).toBe(204);
  expect((await streaming()).status).toBe(204);
  const [{ hits }] = await sql<{ hits: number }>(`select hits from rate_limits where bucket = 'test' and key = $1`, [
    key,
  ]);
  expect(hits).toBe(2);
});
