import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { env } from '@/lib/env';
import * as schema from './schema';
import { seedCatalogue } from './seed';
import { registerDatabaseProbe } from './availability';
import { listenPostgres, type ListenHandlers, type StopListening } from './listen';

/** The app's database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or an open transaction of it. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

type Opened = {
  db: Database;
  kind: 'pglite' | 'postgres';
  listen: (channel: string, handlers: ListenHandlers) => Promise<StopListening>;
  close: () => Promise<void>;
};

const MIGRATIONS = join(process.cwd(), 'drizzle');
// Serialises migrations of several app instances starting at once against one PostgreSQL.
const MIGRATION_LOCK = 7_215_300_417;

async function openPglite(dataDir: string): Promise<Opened> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const inMemory = dataDir.startsWith('memory://');
  const path = inMemory ? dataDir : resolve(dataDir);
  // PGlite does not create missing parent folders.
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers is most of an embedded database's memory; the files
  // are cached by the operating system as well (16 MB: −120 MB RSS, measured).
  const client = await PGlite.create(path, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${env.pgliteSharedBuffers}`] });
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    await seedCatalogue(db as unknown as Database);
    const listen = async (channel: string, handlers: ListenHandlers) => {
      const unlisten = await client.listen(channel, handlers.notify);
      handlers.resync();
      return unlisten;
    };
    return { db: db as unknown as Database, kind: 'pglite', listen, close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

async function openPostgres(url: string): Promise<Opened> {
  const [{ Pool }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
    query_timeout: 15_000,
    application_name: 'chatwidget-shop',
  });
  // An idle client whose connection drops emits here; without a listener it would end the process.
  pool.on('error', (error) => console.error(`database: idle connection failed: ${error.message}`));
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    const db = drizzle({ client: pool, schema }) as unknown as Database;
    await seedCatalogue(db);
    return { db, kind: 'postgres', listen: (channel, handlers) => listenPostgres(url, channel, handlers), close: () => pool.end() };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

// One instance per process (Next may load this module in several bundles): PGlite must never open its
// folder twice.
const holder = globalThis as typeof globalThis & { __database?: Promise<Opened> };

function open(): Promise<Opened> {
  if (!holder.__database) {
    const config = env.database;
    const opening = config.kind === 'postgres' ? openPostgres(config.url) : openPglite(config.dataDir);
    holder.__database = opening;
    // A failed open is not kept: the next request tries again, so the app recovers by itself.
    opening.catch(() => {
      if (holder.__database === opening) holder.__database = undefined;
    });
  }
  return holder.__database;
}

/** The migrated, seeded database. */
export async function database(): Promise<Database> {
  return (await open()).db;
}

// The proxy's way to find out whether a database marked down is back (lib/db/availability).
registerDatabaseProbe(async () => {
  await (await database()).execute(sql`select 1`);
});

/**
 * LISTEN on `channel` (NOTIFY from any connection, or any app instance, on the same database).
 * `resync` is called once listening starts and again after a PostgreSQL listener reconnects.
 */
export async function listen(channel: string, handlers: ListenHandlers): Promise<StopListening> {
  return (await open()).listen(channel, handlers);
}

export async function databaseKind(): Promise<Opened['kind']> {
  return (await open()).kind;
}

type CloseHook = () => Promise<void> | void;
const hooksHolder = globalThis as typeof globalThis & { __databaseCloseHooks?: Set<CloseHook> };
const closeHooks = (hooksHolder.__databaseCloseHooks ??= new Set<CloseHook>());

/** Runs `hook` before the database closes (listeners stop first). */
export function onDatabaseClose(hook: CloseHook): void {
  closeHooks.add(hook);
}

/** Closes the database (tests, shutdown). */
export async function closeDatabase(): Promise<void> {
  for (const hook of closeHooks) await hook();
  const opening = holder.__database;
  holder.__database = undefined;
  if (opening) await (await opening.catch(() => null))?.close();
}
