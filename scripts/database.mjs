// The embedded database (PGlite, PGLITE_DATA_DIR) kept safe and moved (README: "Backups and the move to
// PostgreSQL"):
//   npm run db:backup [-- <file>]                    a consistent copy, while npm start runs or not
//   npm run db:restore -- <file>                     the folder replaced by a backup (the app stopped)
//   npm run db:move -- <postgres url> [--from <file>]  the data loaded into an empty PostgreSQL database
// A running server gives its copy through the socket beside the folder (lib/db/pglite-owner.mjs); without
// one, the command holds the folder itself while it reads it, so that no server opens it meanwhile.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import nextEnv from '@next/env';
import { PGlite } from '@electric-sql/pglite';
import { backupFromHolder, claimFolder, consistentTarball } from '../lib/db/pglite-owner.mjs';
import { connectTarget, loadIntoPostgres, objectsIn, shownAddress } from './database-move.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** How long the running server may take to give its copy (a 200 MB folder took under a second). */
const SERVER_TIMEOUT_MS = 120_000;
const USAGE = `Usage:
  npm run db:backup [-- <file>]
  npm run db:restore -- <file>
  npm run db:move -- <postgres://user:password@host:port/database> [--from <backup file>]`;

/** Says why, and ends with `code` (2: the command was called wrongly). */
function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

/** The folder the server uses: PGLITE_DATA_DIR (of the environment or the .env files, as npm start reads them). */
function pgliteFolder() {
  if (process.env.DATABASE_URL)
    fail('DATABASE_URL is set: the app uses that PostgreSQL server, not the embedded database (use pg_dump there).', 2);
  const folder = process.env.PGLITE_DATA_DIR || join('.data', 'pglite');
  if (folder.startsWith('memory://')) fail(`PGLITE_DATA_DIR is ${folder}: that database is kept nowhere on disk.`, 2);
  return resolve(root, folder);
}

function inUse(error) {
  if (error.name !== 'FolderInUseError') throw error;
  const kill = error.pid ? ` or kill ${error.pid}` : '';
  return fail(`${error.message}. Stop the app first (Ctrl+C where npm start runs${kill}), then run this again.`);
}

/**
 * A consistent copy of `folder` (an uncompressed tarball): from the server that holds it, or, when none does,
 * read here while this command holds the folder.
 */
async function snapshot(folder) {
  const given = await backupFromHolder(folder, SERVER_TIMEOUT_MS).catch((error) =>
    fail(`Cannot back up: ${error.message}. If the server hangs, stop it and run this again.`),
  );
  if (given) return { ...given, source: 'the running server' };
  if (!existsSync(join(folder, 'PG_VERSION'))) fail(`No embedded database in ${folder}.`);
  const claim = await claimFolder(folder).catch(inUse);
  try {
    const client = await PGlite.create(folder);
    try {
      return { ...(await consistentTarball(client)), pausedMs: null, source: 'the folder (no server running)' };
    } finally {
      await client.close();
    }
  } finally {
    await claim.release();
  }
}

/** The names in an uncompressed tarball (ustar) without a leading "/" or "./"; null when it is none. */
function tarNames(bytes) {
  const names = new Set();
  for (let at = 0; at + 512 <= bytes.length;) {
    const header = bytes.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    if (header.toString('latin1', 257, 262) !== 'ustar') return null;
    const field = (start, length) => header.toString('utf8', start, start + length).replace(/\0[\s\S]*$/, '');
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    if (Number.isNaN(size) || name.split('/').includes('..')) return null;
    names.add(name.replace(/^\.?\//, ''));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names.size ? names : null;
}

/** The tarball of a backup file (gzip or not), checked to be a PostgreSQL data folder. */
function readBackup(file) {
  if (!file) fail(USAGE, 2);
  if (!existsSync(file) || !statSync(file).isFile()) fail(`No backup file at ${resolve(file)}.`, 2);
  let bytes = readFileSync(file);
  const notBackup = () => fail(`${resolve(file)} is not a backup of the embedded database (npm run db:backup).`, 2);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      notBackup();
    }
  }
  const names = tarNames(bytes);
  if (!names?.has('PG_VERSION') || !names.has('global/pg_control')) notBackup();
  return bytes;
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

async function backup(target) {
  const folder = pgliteFolder();
  const file = resolve(target ?? join(root, 'backups', `pglite-${stamp()}.tar.gz`));
  if (existsSync(file)) fail(`${file} exists already: name another file.`, 2);
  const started = performance.now();
  const { tarball, pausedMs, source } = await snapshot(folder);
  const compressed = gzipSync(tarball);
  mkdirSync(dirname(file), { recursive: true });
  // Written whole or not at all, and readable by this user only: it holds every account's data.
  writeFileSync(`${file}.partial`, compressed, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const paused = pausedMs === null ? '' : `; the server's database paused ${Math.round(pausedMs)} ms for it`;
  console.log(
    `Backed up ${folder} from ${source} to ${file}: ${megabytes(compressed.length)} in ${seconds} s${paused}.`,
  );
  const near = relative(process.cwd(), file);
  console.log(`To restore it, stop the app and run: npm run db:restore -- ${near.startsWith('..') ? file : near}`);
}

async function restore(file) {
  const folder = pgliteFolder();
  const tarball = readBackup(file);
  const claim = await claimFolder(folder).catch(inUse);
  // Unpacked and opened beside the folder first: the folder is replaced only by a copy that opens.
  const staging = `${folder}.restoring`;
  try {
    rmSync(staging, { recursive: true, force: true });
    const client = await PGlite.create(staging, { loadDataDir: new Blob([tarball]) });
    let migrations;
    try {
      migrations = (await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;
    } catch {
      fail(`${resolve(file)} holds a database, but not this app's (no migrations journal).`, 2);
    } finally {
      await client.close();
    }
    const previous = existsSync(folder) ? `${folder}.before-restore-${stamp()}` : null;
    if (previous) renameSync(folder, previous);
    renameSync(staging, folder);
    console.log(`Restored ${resolve(file)} into ${folder} (${migrations} migrations applied).`);
    if (previous) console.log(`The folder it replaced is kept as ${previous}: delete it once the app runs well.`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    await claim.release();
  }
}

async function move(url, from) {
  const protocol = URL.canParse(url) ? new URL(url).protocol : null;
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') fail(USAGE, 2);
  const folder = from ? null : pgliteFolder();
  const shown = shownAddress(url);
  // The target first: a move that cannot load there takes nothing from the app.
  const client = await connectTarget(url).catch((error) =>
    fail(`Cannot reach PostgreSQL at ${shown}: ${error.code ?? error.message}`),
  );
  try {
    const objects = await objectsIn(client);
    if (objects)
      fail(
        `${shown} is not empty (${objects} tables, sequences or schemas): the move loads into an empty database only, so that no data is mixed. Create one (createdb) and name it.`,
      );
    const { tarball, source } = from ? { tarball: readBackup(from), source: resolve(from) } : await snapshot(folder);
    const { tables, rows } = await loadIntoPostgres(tarball, client).catch((error) =>
      fail(`The move failed and left ${shown} as it was: ${error.message}`),
    );
    console.log(`Moved ${rows} rows of ${tables} tables from ${source} into ${shown}.`);
    console.log('Start the app on it with DATABASE_URL set to that address: DATABASE_URL=… npm start');
    if (source === 'the running server')
      console.log('npm start still serves the embedded database: what it writes from now on is not in PostgreSQL.');
  } finally {
    await client.end();
  }
}

nextEnv.loadEnvConfig(root, false, { info: () => {}, error: console.error });
const [command, ...args] = process.argv.slice(2);
const fromAt = args.indexOf('--from');
if (command === 'backup' && args.length <= 1) await backup(args[0]);
else if (command === 'restore' && args.length === 1) await restore(args[0]);
else if (command === 'move' && args.length === (fromAt === 1 ? 3 : 1) && fromAt !== 0)
  await move(args[0], fromAt === 1 ? args[2] : null);
else fail(USAGE, 2);
