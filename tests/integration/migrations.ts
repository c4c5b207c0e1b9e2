// A migration's data update, tested on a database of its own: migrated up to the migration before, given
// rows as they were then, then migrated through it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DRIZZLE = join(process.cwd(), 'drizzle');
type Journal = { entries: Array<{ tag: string }> };

/**
 * The migrations folder as it was before the migration whose tag ends in `suffix` (renumbering keeps it), and as it
 * was right after it (`through`: later migrations may change the tables it wrote).
 */
export function foldersAround(suffix: string): { before: string; through: string; after: string; cleanUp: () => void } {
  const journal = JSON.parse(readFileSync(join(DRIZZLE, 'meta', '_journal.json'), 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(suffix));
  expect(at).toBeGreaterThan(0);
  const before = mkdtempSync(join(tmpdir(), 'migrations-before-'));
  cpSync(DRIZZLE, before, { recursive: true });
  const through = mkdtempSync(join(tmpdir(), 'migrations-through-'));
  cpSync(DRIZZLE, through, { recursive: true });
  const journalUpTo = (folder: string, end: number) =>
    writeFileSync(
      join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, end) }),
    );
  journalUpTo(before, at);
  journalUpTo(through, at + 1);
  const cleanUp = () => [before, through].forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  return { before, through, after: DRIZZLE, cleanUp };
}

/** PGlite in memory with Drizzle's migrator, loaded on demand (the test's own database, not the app's). */
export async function migratingPglite() {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create('memory://');
  const db = drizzle({ client });
  return { client, migrateTo: (folder: string) => migrate(db, { migrationsFolder: folder }) };
}

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL (created here, dropped by `close`), with
 * Drizzle's migrator; null without a server.
 */
export async function migratingPostgres() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const [{ Client }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const name = `migration_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const client = new Client({ connectionString: target.toString() });
  await client.connect();
  const db = drizzle({ client });
  return {
    client,
    migrateTo: (folder: string) => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}
