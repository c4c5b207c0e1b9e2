// A migration's data update, tested on a database of its own: migrated up to the migration before, given
// rows as they were then, then migrated through it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DRIZZLE = join(process.cwd(), 'drizzle');
type Journal = { entries: Array<{ tag: string }> };

/** The migrations folder as it was before the migration whose tag ends in `suffix` (renumbering keeps it). */
export function foldersAround(suffix: string): { before: string; after: string; cleanUp: () => void } {
  const journal = JSON.parse(readFileSync(join(DRIZZLE, 'meta', '_journal.json'), 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(suffix));
  expect(at).toBeGreaterThan(0);
  const before = mkdtempSync(join(tmpdir(), 'migrations-before-'));
  cpSync(DRIZZLE, before, { recursive: true });
  writeFileSync(
    join(before, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
  );
  return { before, after: DRIZZLE, cleanUp: () => rmSync(before, { recursive: true, force: true }) };
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
