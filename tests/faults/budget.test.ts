// One budget per request for its database work on PostgreSQL (lib/db/budget): its statements share
// it, a transaction tells the server too, and once it is spent the request fails as "unavailable"
// (503) instead of each statement waiting for a timeout of its own; time spent elsewhere does not
// count. The app talks to the tests' PostgreSQL through a forwarder that makes every answer late.
import { sql } from 'drizzle-orm';
import { startForwarder } from './forwarder';

jest.setTimeout(60_000);

const target = new URL(process.env.TEST_DATABASE_URL!);
let forwarder: Awaited<ReturnType<typeof startForwarder>>;
let app: {
  db: typeof import('@/lib/db');
  budget: typeof import('@/lib/db/budget');
  errors: typeof import('@/lib/db/errors');
};

beforeAll(async () => {
  forwarder = await startForwarder({ host: target.hostname, port: Number(target.port) });
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(forwarder.port);
  process.env.DATABASE_URL = url.toString();
  // Loaded after DATABASE_URL is set: lib/env reads it once.
  const [db, budget, errors] = await Promise.all([
    import('@/lib/db'),
    import('@/lib/db/budget'),
    import('@/lib/db/errors'),
  ]);
  app = { db, budget, errors };
});

afterAll(async () => {
  await app?.db.closeDatabase();
  await forwarder?.stop();
});

const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

it('runs a transaction on one connection, its statements limited by the server to what is left of the budget', async () => {
  const { database } = app.db;
  const { withRequestBudget, REQUEST_BUDGET_MS } = app.budget;
  const budget = REQUEST_BUDGET_MS / 2;
  const seen = await withRequestBudget(
    async () =>
      (await database()).transaction(async (tx) => {
        const first = rows(
          await tx.execute(
            sql`select pg_backend_pid() as pid, setting::int as timeout from pg_settings where name = 'statement_timeout'`,
          ),
        )[0];
        const second = rows(await tx.execute(sql`select pg_backend_pid() as pid`))[0];
        return { first, second };
      }),
    budget,
  );
  expect(seen.second.pid).toBe(seen.first.pid);
  // Not the connection's own limit (the whole budget), the request's.
  expect(seen.first.timeout).toBeGreaterThan(0);
  expect(seen.first.timeout).toBeLessThanOrEqual(budget);
});

it('fails a request whose statements outlast its budget as unavailable, once the budget is spent', async () => {
  const { database } = app.db;
  const { withRequestBudget } = app.budget;
  const { isDatabaseUnavailable, describeDatabaseError } = app.errors;
  const budget = 4_000;
  // Warm connections: each of the five statements alone would be in time.
  await withRequestBudget(async () => (await database()).execute(sql`select 1`));
  forwarder.slow(1_500);
  const started = performance.now();
  const error = await withRequestBudget(async () => {
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
  const again = await withRequestBudget(async () => rows(await (await database()).execute(sql`select 42 as answer`)));
  expect(again).toEqual([{ answer: 42 }]);
});

it('counts only the time spent waiting for the database, not the rest of the request', async () => {
  const { database } = app.db;
  const { withRequestBudget } = app.budget;
  const budget = 1_000;
  const answers = await withRequestBudget(async () => {
    const first = rows(await (await database()).execute(sql`select 1 as answer`));
    // A slow upload, a payment provider: longer than the whole budget, and none of it spent on the database.
    await new Promise((resolve) => setTimeout(resolve, budget + 200));
    const second = rows(await (await database()).execute(sql`select 2 as answer`));
    return [...first, ...second];
  }, budget);
  expect(answers).toEqual([{ answer: 1 }, { answer: 2 }]);
});
