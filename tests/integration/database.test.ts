import { sql } from 'drizzle-orm';
import { closeDatabase, database, databaseKind } from '@/lib/db';
import { products } from '@/lib/db/schema';
import { DatabaseError, isDatabaseUnavailable } from '@/lib/db/errors';
import { openPgliteClient } from '@/lib/db/pglite';
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
      const query = jest.spyOn(client, 'query');
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
      // PGlite merges a statement's parsers with its ~300 own for every statement.
      for (const [, , options] of query.mock.calls) expect(options).not.toHaveProperty('parsers');
      // Any other parser a statement asks for is still its own.
      const guarded = db.$client as unknown as typeof client;
      const upper = await guarded.query('select $1::text as name', ['x'], {
        parsers: { 25: (v: string) => v.toUpperCase() },
      });
      expect(upper.rows).toEqual([{ name: 'X' }]);
    } finally {
      await client.close();
    }
  });
});
