import { sql } from 'drizzle-orm';
import { closeDatabase, database, databaseKind, onDatabaseOpen } from '@/lib/db';
import { products } from '@/lib/db/schema';
import { DatabaseError, isDatabaseUnavailable } from '@/lib/db/errors';
import { openPgliteClient, PREPARED_STATEMENTS_LIMIT, withoutClientParsers } from '@/lib/db/pglite';
import { catalogue } from '@/lib/shop/catalogue';

describe('database', () => {
  it('is migrated and holds the demo catalogue, and nothing else, after opening', async () => {
    const db = await database();
    const rows = await db
      .select({ slug: products.slug, priceCents: products.priceCents })
      .from(products)
      .orderBy(products.position);
    expect(rows).toEqual(catalogue.map(({ slug, priceCents }) => ({ slug, priceCents })));
    for (const table of ['tickets', 'ticket_messages', 'feedback', 'orders', 'avatars', 'profiles']) {
      const { rows: counted } = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      };
      if ((await databaseKind()) === 'pglite') expect(counted[0].n).toBe(0);
    }
  });

  it('opens again after closing, migrations and seed being idempotent', async () => {
    await closeDatabase();
    const db = await database();
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
    expect(count).toBe(catalogue.length);
  });

  it('runs the hooks of the layers above before it answers: once per opening, also when registered late', async () => {
    await database();
    const runs: number[] = [];
    let failing = true;
    onDatabaseOpen('database-test', async (db) => {
      const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
      runs.push(count);
      if (failing) throw new Error('the hook failed');
    });
    // Registered after the opening: the next call waits for it, and fails with it.
    await expect(database()).rejects.toBeInstanceOf(DatabaseError);
    failing = false;
    await database();
    await database();
    expect(runs).toEqual([catalogue.length, catalogue.length]);
    // One hook per name: a second registration (the module loaded in another bundle) is not run.
    onDatabaseOpen('database-test', async () => void runs.push(-1));
    await closeDatabase();
    await database();
    expect(runs).toEqual([catalogue.length, catalogue.length, catalogue.length]);
  });

  it('tells an unreachable database from other errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new DatabaseError('open', refused))).toBe(true);
    const terminating = Object.assign(new Error('terminating'), { code: '57P01' });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new DatabaseError('select', terminating) }))).toBe(
      true,
    );
    // The same codes from elsewhere (a client that hung up, another service) say nothing of the database.
    expect(isDatabaseUnavailable(refused)).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isDatabaseUnavailable(new DatabaseError('insert', { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it("reads Drizzle's timestamps as text with the embedded client's own parsers, not with each statement's", async () => {
    const { client, db } = await openPgliteClient('memory://');
    try {
      await db.execute(sql`create table stamps (at timestamp, at_tz timestamptz, day date, span interval)`);
      await db.execute(
        sql`insert into stamps values ('2026-11-25 10:00:00', '2026-11-25 10:00:00+00', '2026-11-25', '1 day')`,
      );
      const [row] = (await db.execute(sql`select * from stamps`)).rows;
      // PostgreSQL's text, which Drizzle's columns parse themselves (a Date here would be parsed twice).
      expect(row).toEqual({
        at: '2026-11-25 10:00:00',
        at_tz: '2026-11-25 10:00:00+00',
        day: '2026-11-25',
        span: '1 day',
      });
      // PGlite merges a statement's parsers with its ~320 own for every statement: Drizzle's go.
      const drizzleParsers = Object.fromEntries(
        [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((t) => [t, String]),
      );
      expect(withoutClientParsers({ rowMode: 'array', parsers: drizzleParsers })).toEqual({ rowMode: 'array' });
      // Any other parser a statement asks for is still its own.
      const upper = { 25: (v: string) => v.toUpperCase() };
      expect(withoutClientParsers({ parsers: { ...drizzleParsers, ...upper } })).toEqual({
        parsers: { ...drizzleParsers, ...upper },
      });
      const guarded = db.$client as unknown as typeof client;
      expect((await guarded.query('select $1::text as name', ['x'], { parsers: upper })).rows).toEqual([{ name: 'X' }]);
    } finally {
      await client.close();
    }
  });

  describe('named statements of the embedded database', () => {
    let opened: Awaited<ReturnType<typeof openPgliteClient>>;
    /** The named statements PGlite's session holds for `text` (its own statement is prepared too: left out). */
    const preparedFor = async (text: string) =>
      (
        await opened.client.query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [
          text,
        ])
      ).rows;
    const run = (text: string) => opened.db.execute(sql.raw(text));

    beforeEach(async () => {
      opened = await openPgliteClient('memory://', { namedStatements: true });
      await run('create table notes (id int primary key, body text not null)');
    });
    afterEach(() => opened.client.close());

    it('parses and plans a data statement once: later executions only bind it', async () => {
      const insert = opened.db.$client as unknown as typeof opened.client;
      for (let id = 1; id <= 3; id++) await insert.query('insert into notes values ($1, $2)', [id, `note ${id}`]);
      const read = 'select body from notes where id = 2';
      for (let i = 0; i < 3; i++) expect((await run(read)).rows).toEqual([{ body: 'note 2' }]);
      expect(await preparedFor(read)).toHaveLength(1);
      expect(await preparedFor('insert into notes values ($1, $2)')).toHaveLength(1);
      // DDL and session commands stay unnamed.
      expect(await preparedFor('create table notes (id int primary key, body text not null)')).toHaveLength(0);
    });

    it('keeps the most recently used statements within the limit, and prepares a closed one again', async () => {
      const text = (i: number) => `select ${i}::int as n`;
      for (let i = 0; i < PREPARED_STATEMENTS_LIMIT + 5; i++) await run(text(i));
      const { rows } = await opened.client.query<{ n: number }>(
        `select count(*)::int as n from pg_prepared_statements where statement like 'select % as n'`,
      );
      expect(rows[0].n).toBe(PREPARED_STATEMENTS_LIMIT);
      expect(await preparedFor(text(0))).toHaveLength(0);
      expect(await preparedFor(text(PREPARED_STATEMENTS_LIMIT + 4))).toHaveLength(1);
      expect((await run(text(0))).rows).toEqual([{ n: 0 }]);
    });

    it('prepares a statement again when the database dropped it or its result changed shape', async () => {
      await run(`insert into notes values (1, 'one')`);
      const read = 'select * from notes';
      expect((await run(read)).rows).toEqual([{ id: 1, body: 'one' }]);
      await run('deallocate all');
      expect((await run(read)).rows).toEqual([{ id: 1, body: 'one' }]);
      // A migration adds a column: PostgreSQL refuses the old plan (0A000); the statement is prepared anew.
      await run(`alter table notes add column tag text not null default 'x'`);
      expect((await run(read)).rows).toEqual([{ id: 1, body: 'one', tag: 'x' }]);
    });

    it('keeps one statement that fails when it runs, without preparing it again', async () => {
      // Refused by the planner (0A000, as a plan whose result changed shape is): the statement's own failure.
      const locking = 'select n.id from notes n left join notes m on true for update of m';
      for (let i = 0; i < 3; i++) await expect(run(locking)).rejects.toMatchObject({ cause: { code: '0A000' } });
      expect(await preparedFor(locking)).toHaveLength(1);
    });

    it('fails a bad statement or value as before, without its values, and the session goes on', async () => {
      const client = opened.db.$client as unknown as typeof opened.client;
      const badValue = client.query('select body from notes where id = $1', ['not a number']);
      await expect(badValue).rejects.toMatchObject({ code: '22P02' });
      await expect(badValue).rejects.not.toHaveProperty('params', ['not a number']);
      await expect(run('select nothing from notes')).rejects.toThrow();
      expect(await preparedFor('select nothing from notes')).toHaveLength(0);
      await expect(run(`insert into notes values (1, 'one'), (1, 'again')`)).rejects.toThrow();
      expect((await run('select count(*)::int as n from notes')).rows).toEqual([{ n: 0 }]);
    });

    it("runs a transaction's statements in it, and no other statement between them", async () => {
      let insideDone!: () => void;
      const inside = new Promise<void>((resolve) => (insideDone = resolve));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const transaction = opened.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into notes values (1, 'uncommitted')`);
          insideDone();
          await gate;
          throw new Error('rolled back');
        })
        .catch((error: Error) => error.message);
      await inside;
      // A statement from elsewhere waits for the transaction: it never sees its uncommitted row.
      let counted: unknown;
      const outside = run('select count(*)::int as n from notes').then((result) => (counted = result.rows));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(counted).toBeUndefined();
      release();
      expect(await transaction).toBe('rolled back');
      await outside;
      expect(counted).toEqual([{ n: 0 }]);
    });
  });
});
