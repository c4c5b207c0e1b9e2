// One deadline per request on PostgreSQL (lib/db/deadline): its statements share it, a transaction
// tells the server too, and past it the request fails as "unavailable" (503) in time instead of each
// statement waiting for a timeout of its own. The app talks to the tests' PostgreSQL through a
// forwarder that makes every answer late.
import { sql } from 'drizzle-orm';
import { startForwarder } from './forwarder';

jest.setTimeout(60_000);

const target = new URL(process.env.TEST_DATABASE_URL!);
let forwarder: Awaited<ReturnType<typeof startForwarder>>;
let app: {
  db: typeof import('@/lib/db');
  deadline: typeof import('@/lib/db/deadline');
  errors: typeof import('@/lib/db/errors');
};

beforeAll(async () => {
  forwarder = await startForwarder({ host: target.hostname, port: Number(target.port) });
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(forwarder.port);
  process.env.DATABASE_URL = url.toString();
  // Loaded after DATABASE_URL is set: lib/env reads it once.
  const [db, deadline, errors] = await Promise.all([import('@/lib/db'), import('@/lib/db/deadline'), import('@/lib/db/errors')]);
  app = { db, deadline, errors };
});

afterAll(async () => {
  await app?.db.closeDatabase();
  await forwarder?.stop();
});

const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

it('runs a transaction on one connection, its statements limited by the server to the time the request has left', async () => {
  const { database } = app.db;
  const { withDeadline, REQUEST_BUDGET_MS } = app.deadline;
  const seen = await withDeadline(async () =>
    (await database()).transaction(async (tx) => {
      const first = rows(await tx.execute(sql`select pg_backend_pid() as pid, current_setting('statement_timeout') as timeout`))[0];
      const second = rows(await tx.execute(sql`select pg_backend_pid() as pid`))[0];
      return { first, second };
    }),
  );
  expect(seen.second.pid).toBe(seen.first.pid);
  const timeout = /^(\d+)ms$/.exec(String(seen.first.timeout));
  expect(timeout).not.toBeNull();
  expect(Number(timeout![1])).toBeGreaterThan(0);
  expect(Number(timeout![1])).toBeLessThanOrEqual(REQUEST_BUDGET_MS);
});

it('fails a request whose statements outlast its deadline as unavailable, when the deadline passes', async () => {
  const { database } = app.db;
  const { withDeadline } = app.deadline;
  const { isDatabaseUnavailable, describeDatabaseError } = app.errors;
  const budget = 4_000;
  // Warm connections: each of the five statements alone would be in time.
  await withDeadline(async () => (await database()).execute(sql`select 1`));
  forwarder.slow(1_500);
  const started = performance.now();
  const error = await withDeadline(async () => {
    const db = await database();
    for (let i = 0; i < 5; i++) await db.execute(sql`select ${i}::int`);
  }, budget).catch((caught: unknown) => caught);
  const elapsed = performance.now() - started;
  forwarder.slow(0);

  expect(isDatabaseUnavailable(error)).toBe(true);
  expect(describeDatabaseError(error)).toMatch(/^select failed: DEADLINE_EXCEEDED after \d+ ms$/);
  // The budget, not five statements' worth (7.5 s); a margin for a busy host.
  expect(elapsed).toBeGreaterThanOrEqual(budget - 50);
  expect(elapsed).toBeLessThan(budget + 2_000);
  // The connection that was left mid-answer is not handed out again: the next request is served at once.
  const again = await withDeadline(async () => rows(await (await database()).execute(sql`select 42 as answer`)));
  expect(again).toEqual([{ answer: 42 }]);
});
