import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The migration that makes widgets follow their visitors (issue 33): new widgets by default, and the widgets
// made before it too. Run on a database of its own, migrated up to the migration before, then through it.
const DRIZZLE = join(process.cwd(), 'drizzle');
type Journal = { entries: Array<{ tag: string }> };

/** The migrations folder as it was before the migration whose tag ends in `suffix` (renumbering keeps it). */
function foldersAround(suffix: string): { before: string; after: string; cleanUp: () => void } {
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

it('makes the widgets made before follow their visitors, and new ones by default', async () => {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const folders = foldersAround('_widget_follows_visitor');
  const client = await PGlite.create('memory://');
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folders.before });
    const insert = (id: string, follows?: boolean) =>
      client.query(
        `insert into widgets (id, uid, name, allowed_origins, accent_color, locale, request_key${follows === undefined ? '' : ', follow_page_language'})
         values ($1, 'owner', $1, '[]', '#4338ca', 'en', $1${follows === undefined ? '' : ', $2'})`,
        follows === undefined ? [id] : [id, follows],
      );
    await insert('untouched');
    await insert('ticked', true);
    await insert('unticked', false);

    await migrate(db, { migrationsFolder: folders.after });
    await insert('new');
    const { rows } = await client.query<{ id: string; follow_page_language: boolean }>(
      'select id, follow_page_language from widgets order by id',
    );
    expect(rows).toEqual([
      { id: 'new', follow_page_language: true },
      { id: 'ticked', follow_page_language: true },
      { id: 'unticked', follow_page_language: true },
      { id: 'untouched', follow_page_language: true },
    ]);
  } finally {
    await client.close();
    folders.cleanUp();
  }
});
