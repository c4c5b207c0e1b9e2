// npm run db:backup and db:restore against a PGlite folder that the app of this test process holds (as a
// running server would) or that nobody holds; what they refuse, and that the app never opens a folder
// another process holds.
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { claimFolder, ownerSocket } from '@/lib/db/pglite-owner.mjs';
import {
  backupWhileWriting,
  databaseCommand,
  expectWholeCopy,
  readFolder,
  ticketsIn,
} from '../support/database-command';

jest.setTimeout(120_000);

const USER = { uid: 'backup-writer', email: 'writer@example.com', displayName: null, admin: false };
const scratch = mkdtempSync(join(tmpdir(), 'db-backup-'));
const environment = { PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
afterAll(() => {
  Object.assign(process.env, environment);
  rmSync(scratch, { recursive: true, force: true });
});

/** The app's database module and ticket service on `folder`, as a server with PGLITE_DATA_DIR opens them. */
async function appOn(folder: string) {
  process.env.PGLITE_DATA_DIR = folder;
  delete process.env.DATABASE_URL;
  let app!: { db: typeof import('@/lib/db'); tickets: typeof import('@/lib/tickets/service') };
  await jest.isolateModulesAsync(async () => {
    app = { db: await import('@/lib/db'), tickets: await import('@/lib/tickets/service') };
  });
  return app;
}

const migrationsIn = (folder: string) =>
  readFolder(folder, async (client) => {
    return (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;
  });

const ticket = (n: number) => ({ subject: `Backup ${n}`, category: 'technical' as const, message: `Written as ${n}.` });

describe('npm run db:backup', () => {
  it('copies the folder the app holds while tickets go on being written; the restored copy has every ticket acknowledged before, whole', async () => {
    const folder = join(scratch, 'live');
    const { db, tickets } = await appOn(folder);
    await db.database();
    const file = join(scratch, 'live.tar.gz');
    const { backup, acknowledged, started, ended } = await backupWhileWriting(folder, file, async (n) => {
      const id = (await tickets.createTicket(USER, ticket(n), 'en')).ticket.id;
      // PostgreSQL checkpoints by itself as its WAL grows; here often. A plain copy of the folder taken
      // across one may not open at all.
      if (n % 10 === 9) await (await db.database()).execute('checkpoint');
      return id;
    });
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toContain(`Backed up ${folder} from the running server to ${file}`);
    // The app went on writing while the backup was taken.
    expect(acknowledged.some(({ at }) => at > started && at < ended)).toBe(true);
    await db.closeDatabase();

    const restored = join(scratch, 'restored');
    const restore = await databaseCommand(['restore', file], restored);
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toContain(`Restored ${file} into ${restored}`);
    expectWholeCopy(await ticketsIn(restored), acknowledged, started);
    expect(await migrationsIn(restored)).toBe(await migrationsIn(folder));
  });

  it('reads a folder nobody holds itself, and restores over a stopped app’s folder keeping the one it replaced', async () => {
    const folder = join(scratch, 'live');
    const before = await ticketsIn(folder);
    const file = join(scratch, 'stopped.tar.gz');
    const backup = await databaseCommand(['backup', file], folder);
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toContain('from the folder (no server running)');

    const restored = join(scratch, 'restored');
    const restore = await databaseCommand(['restore', file], restored);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/The folder it replaced is kept as .*restored\.before-restore-/);
    expect(await ticketsIn(restored)).toEqual(before);
    expect(readdirSync(scratch).filter((name) => name.startsWith('restored.before-restore-'))).toHaveLength(1);
  });

  it('says why and changes nothing when called wrongly', async () => {
    const folder = join(scratch, 'live');
    const target = join(scratch, 'untouched');
    const garbage = join(scratch, 'garbage.tar.gz');
    writeFileSync(garbage, gzipSync(Buffer.from('not a tarball at all')));
    const taken = join(scratch, 'taken.tar.gz');
    writeFileSync(taken, '');
    const cases: [string[], Record<string, string>, number, string][] = [
      [['restore', join(scratch, 'missing.tar.gz')], {}, 2, `No backup file at ${join(scratch, 'missing.tar.gz')}.`],
      [['restore', garbage], {}, 2, `${garbage} is not a backup of the embedded database`],
      [['restore'], {}, 2, 'Usage:'],
      [['backup', taken], { PGLITE_DATA_DIR: folder }, 2, `${taken} exists already: name another file`],
      [['backup'], { PGLITE_DATA_DIR: target }, 1, `No embedded database in ${target}.`],
      [['backup'], { PGLITE_DATA_DIR: 'memory://' }, 2, 'that database is kept nowhere on disk'],
      [['backup'], { DATABASE_URL: 'postgres://app@127.0.0.1:5432/app' }, 2, 'DATABASE_URL is set'],
      [['copy', 'x'], {}, 2, 'Usage:'],
    ];
    for (const [args, env, code, message] of cases) {
      const result = await databaseCommand(args, target, env);
      expect({ args, code: result.code, stderr: result.stderr }).toEqual({
        args,
        code,
        stderr: expect.stringContaining(message),
      });
    }
    expect(existsSync(target)).toBe(false);
  });
});

describe('a folder in use', () => {
  it('is not restored over while the app holds it: the command says how to stop the app', async () => {
    const folder = join(scratch, 'live');
    const { db } = await appOn(folder);
    const before = await (await db.database()).execute('select count(*)::int as n from tickets');
    const restore = await databaseCommand(['restore', join(scratch, 'stopped.tar.gz')], folder);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`${folder} is in use by process ${process.pid}. Stop the app first`);
    expect(await (await db.database()).execute('select count(*)::int as n from tickets')).toEqual(before);
    await db.closeDatabase();
  });

  it('is not opened by the app while another process holds it (503), and is once it is free', async () => {
    const folder = join(scratch, 'live');
    const claim = await claimFolder(folder);
    const { db } = await appOn(folder);
    const said = jest.spyOn(console, 'error').mockImplementation(() => {});
    const refused = await db.database().catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(said).toHaveBeenCalledWith(
      `database: ${folder} is in use by process ${process.pid}; opening it again on the next request`,
    );
    said.mockRestore();
    await claim.release();
    await expect(db.database()).resolves.toBeDefined();
    await db.closeDatabase();
  });

  it('whose holder gives no backup, or does not answer, fails the backup with the reason', async () => {
    const folder = join(scratch, 'live');
    const claim = await claimFolder(folder);
    const held = await databaseCommand(['backup', join(scratch, 'held.tar.gz')], folder);
    await claim.release();
    expect(held.code).toBe(1);
    expect(held.stderr).toContain(
      `Cannot back up: the process holding ${folder} did not give a backup (it gives none)`,
    );

    // Hangs up once it has the request.
    const silent = createServer((socket) => socket.once('data', () => socket.destroy())).listen(ownerSocket(folder));
    await new Promise((resolve) => silent.once('listening', resolve));
    const hungUp = await databaseCommand(['backup', join(scratch, 'silent.tar.gz')], folder);
    await new Promise((resolve) => silent.close(resolve));
    expect(hungUp.code).toBe(1);
    expect(hungUp.stderr).toContain(`the process holding ${folder} did not give a backup (socket hang up)`);
    expect(existsSync(join(scratch, 'held.tar.gz')) || existsSync(join(scratch, 'silent.tar.gz'))).toBe(false);
  });
});
