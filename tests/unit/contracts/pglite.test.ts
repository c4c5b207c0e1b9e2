/**
 * @jest-environment node
 */
// What lib/db/pglite.ts and lib/db/pglite-owner.mjs rely on in PGlite's private members (through
// server/private/pglite.mjs), pinned to the version they were checked in; and the app's statements with
// PGLITE_NAMED_STATEMENTS on (those members) and off (PGlite's public `query` only).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { openPgliteClient } from '@/lib/db/pglite';
import { outsideTransactions, whenReady } from '@/server/private/pglite.mjs';
import { expectPinned } from './pin';

const VERIFIED = '0.5.16';

// Each test starts a PGlite of its own: 1–2 s on a quiet host, far more than the unit project's 5 s on a
// loaded one (the fresh-clone CI run timed out here).
jest.setTimeout(60_000);

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setImmediate(() => resolve(false)))]);

describe("PGlite's private members", () => {
  it('are those of the version they were checked in', () => {
    expectPinned(
      '@electric-sql/pglite',
      VERIFIED,
      ['server/private/pglite.mjs', 'lib/db/pglite.ts (namedStatements)', 'lib/db/pglite-owner.mjs'],
      'tests/unit/contracts/pglite.test.ts',
    );
  });

  it("are what PGlite's own query runs a statement outside a transaction under", () => {
    const dist = join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'dist');
    const sources = readdirSync(dist).filter((file) => file.endsWith('.js'));
    expect(sources.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n')).toMatch(
      /async query\(\w,\w,\w\)\{return await this\._checkReady\(\),await this\._runExclusiveTransaction\(/,
    );
  });

  it('wait for an opening client, and fail once it is closed (whenReady)', async () => {
    const client = new PGlite('memory://');
    await expect(whenReady(client)).resolves.toBeUndefined();
    await client.close();
    await expect(whenReady(client)).rejects.toThrow(/closed/i);
  });

  it('run work only while no transaction is open, and hold new transactions meanwhile (outsideTransactions)', async () => {
    const client = await PGlite.create('memory://');
    try {
      const order: string[] = [];
      const inside = gate();
      const release = gate();
      const transaction = client.transaction(async () => {
        inside.open();
        await release.opened;
        order.push('transaction ends');
      });
      await inside.opened;
      const work = gate();
      const outside = outsideTransactions(client, async () => {
        order.push('work starts');
        await work.opened;
        order.push('work ends');
      });
      expect(await settled(outside)).toBe(false);
      release.open();
      await transaction;
      const later = client.transaction(async () => void order.push('next transaction'));
      expect(await settled(later)).toBe(false);
      work.open();
      await Promise.all([outside, later]);
      expect(order).toEqual(['transaction ends', 'work starts', 'work ends', 'next transaction']);
    } finally {
      await client.close();
    }
  });
});

describe.each([
  ['on', true],
  ['off', false],
])('PGLITE_NAMED_STATEMENTS=%s', (_setting, namedStatements) => {
  let opened: Awaited<ReturnType<typeof openPgliteClient>>;
  beforeAll(async () => {
    opened = await openPgliteClient('memory://', { namedStatements });
    await opened.db.execute(sql.raw('create table notes (id int primary key, body text not null)'));
  });
  afterAll(() => opened.client.close());

  it(`runs data statements ${namedStatements ? 'as named statements' : "through PGlite's unnamed ones"}`, async () => {
    const read = 'select body from notes where id = 1';
    await opened.db.execute(sql.raw(`insert into notes values (1, 'one')`));
    for (let i = 0; i < 2; i++) expect((await opened.db.execute(sql.raw(read))).rows).toEqual([{ body: 'one' }]);
    const { rows } = await opened.client.query('select name from pg_prepared_statements where statement = $1', [read]);
    expect(rows).toHaveLength(namedStatements ? 1 : 0);
  });

  it('keeps a statement from elsewhere out of an open transaction', async () => {
    const order: string[] = [];
    const inside = gate();
    const release = gate();
    const transaction = opened.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`insert into notes values (2, 'uncommitted')`));
      inside.open();
      await release.opened;
      order.push('rollback');
      tx.rollback();
    });
    await inside.opened;
    const count = opened.db.execute(sql.raw('select count(*)::int as n from notes')).then(({ rows }) => {
      order.push('count');
      return rows;
    });
    expect(await settled(count)).toBe(false);
    release.open();
    await expect(transaction).rejects.toThrow();
    expect(await count).toEqual([{ n: 1 }]);
    expect(order).toEqual(['rollback', 'count']);
  });
});
