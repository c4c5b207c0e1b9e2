// The move of the embedded database to PostgreSQL (npm run db:move, scripts/database.mjs): a copy of the
// PGlite folder opened in this process's memory, dumped there by pg_dump (PGlite's build of it,
// @electric-sql/pglite-tools) and loaded into the target in one transaction. pg_dump carries everything:
// tables, functions and triggers, sequences' positions, and Drizzle's migrations journal, so the app on
// PostgreSQL applies no migration again.
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

const CONNECT_TIMEOUT_MS = 10_000;
/** The whole load's deadline (a 70 MB dump loaded in about a second here). */
const LOAD_TIMEOUT_MS = 30 * 60_000;
/** Tables, views, sequences and foreign tables outside PostgreSQL's own schemas, and Drizzle's schema. */
const OBJECTS = `select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%')
  + (select count(*)::int from pg_namespace where nspname = 'drizzle') as n`;

/** The address without its password, for messages. */
export function shownAddress(url) {
  const address = new URL(url);
  address.password = '';
  return address.toString();
}

/** A connection to the target, or the reason there is none. */
export async function connectTarget(url) {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: LOAD_TIMEOUT_MS,
    application_name: 'plauder-db-move',
  });
  // A connection that drops fails the statement running on it; without a listener it would also crash.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** How many tables, sequences, views (and a migrations journal) the target has already. */
export async function objectsIn(client) {
  return (await client.query(OBJECTS)).rows[0].n;
}

/**
 * pg_dump writes the settings its own version knows at the top of a dump (transaction_timeout: PostgreSQL 17);
 * those the target does not know are left out (psql would only warn about them). Only the preamble, before
 * the first object, is looked at: nothing of the data is.
 */
function forTarget(dump, settings) {
  const body = dump.indexOf('\n--\n-- Name: ');
  const preamble = body < 0 ? dump : dump.slice(0, body);
  const kept = preamble.replace(/^SET (\w+) = .*;\n/gm, (line, name) => (settings.has(name) ? line : ''));
  return kept + (body < 0 ? '' : dump.slice(body));
}

const quoted = (name) => `"${name.replaceAll('"', '""')}"`;

/** Every table's number of rows, by qualified name. */
async function rowCounts(query, tables) {
  const counts = new Map();
  for (const { schema, table } of tables) {
    const name = `${quoted(schema)}.${quoted(table)}`;
    counts.set(name, Number((await query(`select count(*) as n from ${name}`)).rows[0].n));
  }
  return counts;
}

/**
 * Loads the PGlite folder of `tarball` into the empty database of `client`, in one transaction that commits
 * only when every table has as many rows there as in the copy.
 */
export async function loadIntoPostgres(tarball, client) {
  const copy = await PGlite.create({ loadDataDir: new Blob([tarball]) });
  try {
    const dump = await (await pgDump({ pg: copy, args: ['--no-owner', '--no-privileges'] })).text();
    const { rows: tables } = await copy.query(
      `select schemaname as schema, tablename as table from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
    );
    const settings = new Set((await client.query('select name from pg_settings')).rows.map((row) => row.name));
    await client.query('begin');
    try {
      await client.query(forTarget(dump, settings));
      const expected = await rowCounts((text) => copy.query(text), tables);
      const loaded = await rowCounts((text) => client.query(text), tables);
      for (const [name, rows] of expected)
        if (loaded.get(name) !== rows) throw new Error(`${name} has ${loaded.get(name)} rows there, ${rows} here`);
      await client.query('commit');
      return { tables: tables.length, rows: [...expected.values()].reduce((sum, rows) => sum + rows, 0) };
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  } finally {
    await copy.close();
  }
}
