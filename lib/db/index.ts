import 'server-only';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { env } from '@/lib/env';
import * as schema from './schema';
import { registerDatabaseProbe } from './availability';
import { DatabaseError, databaseErrorIn, deadlineExceeded } from './errors';
import { currentBudget, withRequestBudget, type DatabaseBudget } from './budget';
import { listenPostgres, type ListenHandlers, type StopListening } from './listen';
import type { Database } from './types';

type Opened = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The database for the request of `budget` (lib/db/budget). */
  bind: (budget: DatabaseBudget | null) => Database;
  listen: (channel: string, handlers: ListenHandlers) => Promise<StopListening>;
  close: () => Promise<void>;
};
/** An opened database, and the open hooks run (or running) on it, by name. */
type Ready = Opened & { hooks: Map<string, Promise<void>> };

const MIGRATIONS = join(process.cwd(), 'drizzle');
// Serialises migrations of several app instances starting at once against one PostgreSQL.
const MIGRATION_LOCK = 7_215_300_417;
const PROBE_BUDGET_MS = 2_000;

async function openPglite(dataDir: string): Promise<Opened> {
  const [{ openPgliteClient }, { migrate }, { claimFolder, consistentTarball }] = await Promise.all([
    import('./pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./pglite-owner.mjs'),
  ]);
  // Claimed before it opens, so that no other process opens it meanwhile; this process then gives
  // `npm run db:backup` its copies (lib/db/pglite-owner.mjs).
  let opened: Awaited<ReturnType<typeof openPgliteClient>> | undefined;
  const claim = dataDir.startsWith('memory://')
    ? null
    : await claimFolder(dataDir, async () => {
        if (!opened) throw new Error('the database is still opening');
        return consistentTarball(opened.client);
      }).catch(reportFolderInUse);
  try {
    opened = await openPgliteClient(dataDir);
  } catch (error) {
    await claim?.release();
    throw error;
  }
  const { client, db: pglite } = opened;
  const db = pglite as unknown as Database;
  const close = async () => {
    await client.close();
    await claim?.release();
  };
  try {
    await migrate(pglite, { migrationsFolder: MIGRATIONS });
    const listen = async (channel: string, handlers: ListenHandlers) => {
      const unlisten = await client.listen(channel, handlers.notify);
      handlers.resync();
      return unlisten;
    };
    return { db, kind: 'pglite', bind: () => db, listen, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

let reportedInUse = false;
/** Says once why the database cannot open while another process (a `db:*` command) holds its folder. */
function reportFolderInUse(error: unknown): never {
  if ((error as Error).name === 'FolderInUseError' && !reportedInUse) {
    reportedInUse = true;
    console.error(`database: ${(error as Error).message}; opening it again on the next request`);
  }
  throw error;
}

async function openPostgres(url: string): Promise<Opened> {
  const [{ postgresPool }, { drizzle }, { migrate }] = await Promise.all([
    import('./postgres'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const { pool, db, bind } = await postgresPool(url);
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      bind,
      listen: (channel, handlers) => listenPostgres(url, channel, handlers),
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

// One instance per process (Next may load this module in several bundles): PGlite must never open its
// folder twice.
const holder = globalThis as typeof globalThis & { __database?: Promise<Ready> };

// Told as the database layer's own failure (a statement's, when one failed), without the driver's text (it
// may quote values).
const asDatabaseError = (error: unknown) => databaseErrorIn(error) ?? new DatabaseError('open', error);

function open(): Promise<Ready> {
  if (!holder.__database) {
    const config = env.database;
    const opening = (config.kind === 'postgres' ? openPostgres(config.url) : openPglite(config.dataDir)).then(
      (opened) => ({ ...opened, hooks: new Map() }),
      (error: unknown) => {
        throw asDatabaseError(error);
      },
    );
    holder.__database = opening;
    // A failed open is not kept: the next request tries again, so the app recovers by itself.
    opening.catch(() => {
      if (holder.__database === opening) holder.__database = undefined;
    });
  }
  return holder.__database;
}

type OpenHook = (db: Database) => Promise<void>;
const openHooksHolder = globalThis as typeof globalThis & { __databaseOpenHooks?: Map<string, OpenHook> };
const openHooks = (openHooksHolder.__databaseOpenHooks ??= new Map<string, OpenHook>());

/**
 * Runs `hook` on the migrated database before `database()` answers: once per opening, and on a database
 * opened before it was registered as well, so that the layers above (the shop's catalogue) fill in their
 * data without this layer knowing them. One hook per `name`: the module registering it may be loaded in
 * several bundles. A hook that fails fails that call, and runs again on the next.
 */
export function onDatabaseOpen(name: string, hook: OpenHook): void {
  if (!openHooks.has(name)) openHooks.set(name, hook);
}

function runOpenHooks(ready: Ready): Promise<unknown> {
  return Promise.all(
    Array.from(openHooks, ([name, hook]) => {
      let running = ready.hooks.get(name);
      if (!running) {
        running = hook(ready.db).catch((error: unknown) => {
          ready.hooks.delete(name);
          throw asDatabaseError(error);
        });
        ready.hooks.set(name, running);
      }
      return running;
    }),
  );
}

/** The migrated database, its open hooks run, its statements held to the current request's budget. */
export async function database(): Promise<Database> {
  const ready = await open();
  await runOpenHooks(ready);
  return ready.bind(currentBudget());
}

// The proxy's way to find out whether a database marked down is back (lib/db/availability); the
// request that waits for it waits briefly. Its budget covers the first open too, which no budget holds
// (its connection waits 10 s): a fresh process on a hung server kept its first pages waiting that long.
registerDatabaseProbe(async () => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseError('open', deadlineExceeded())), PROBE_BUDGET_MS);
  });
  try {
    await Promise.race([
      withRequestBudget(async () => {
        await (await database()).execute(sql`select 1`);
      }, PROBE_BUDGET_MS),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
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
