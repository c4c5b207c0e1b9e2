// Which process holds a PGlite folder, and the backup it gives. PGlite takes no lock, and a folder opened by
// two processes breaks (docs/architecture.md). The one process that opens a folder (the server, or a
// `npm run db:*` command while the server is stopped) listens on a unix socket beside it, `<folder>.sock`,
// that only its own system user may open: a second opener finds it answering and stops, and
// `npm run db:backup` asks the running server through it for a consistent copy. No network port, so
// nothing of it is reachable from a browser or another machine. Plain JavaScript: scripts/database.mjs
// uses it too.
import { chmodSync, unlinkSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { relative, resolve } from 'node:path';
import { outsideTransactions } from '../../server/private/pglite.mjs';

/** A unix socket's address has at most 107 bytes (Linux). */
const SOCKET_PATH_BYTES = 107;
/** How long a holder has to say who it is. */
const WHO_TIMEOUT_MS = 2_000;

/** The folder is held by another process (SQLSTATE 57P03: the database cannot be connected to now). */
export class FolderInUseError extends Error {
  constructor(folder, pid) {
    super(`${folder} is in use by ${pid ? `process ${pid}` : 'another process'}`);
    this.name = 'FolderInUseError';
    this.code = '57P03';
    this.pid = pid;
  }
}

/** The socket beside `folder`: its absolute path, or, when that is too long, its path from here. */
export function ownerSocket(folder) {
  const absolute = `${resolve(folder)}.sock`;
  if (Buffer.byteLength(absolute) <= SOCKET_PATH_BYTES) return absolute;
  const near = relative(process.cwd(), absolute);
  if (Buffer.byteLength(near) <= SOCKET_PATH_BYTES) return near;
  throw new Error(`the path of ${absolute} is too long for a unix socket: choose a PGLITE_DATA_DIR nearer the root`);
}

/** One request to the holder of `socket`; rejects with the system's error (ENOENT, ECONNREFUSED: nobody). */
function ask(socket, method, path, timeoutMs) {
  return new Promise((resolveAnswer, reject) => {
    const call = request({ socketPath: socket, method, path, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolveAnswer({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

const nobody = (error) => error.code === 'ENOENT' || error.code === 'ECONNREFUSED';

/** The pid of the process holding `socket` (null when it does not say), or undefined when nobody does. */
async function holderOf(socket) {
  try {
    const answer = await ask(socket, 'GET', '/', WHO_TIMEOUT_MS);
    return JSON.parse(answer.body.toString()).pid ?? null;
  } catch (error) {
    // Anything but "nobody listens" (no answer in time, another user's socket) means someone holds it.
    return nobody(error) ? undefined : null;
  }
}

/**
 * A consistent copy of `client`'s folder, an uncompressed tarball as PGlite's `loadDataDir` takes it. Taken
 * while no statement runs and no transaction is open (both of PGlite's locks held), after a checkpoint, so the
 * copy opens without recovery; the app's statements wait meanwhile (`pausedMs`).
 */
export async function consistentTarball(client) {
  const { protocol } = await import('@electric-sql/pglite');
  let pausedMs = 0;
  const blob = await outsideTransactions(client, async () => {
    const started = performance.now();
    try {
      await client.runExclusive(() => client.execProtocol(protocol.serialize.query('CHECKPOINT')));
      return await client.dumpDataDir('none');
    } finally {
      pausedMs = performance.now() - started;
    }
  });
  return { tarball: new Uint8Array(await blob.arrayBuffer()), pausedMs };
}

/** Answers the socket's two requests: who holds the folder, and (when `backup` is given) a copy of it. */
function answerer(backup) {
  return async (req, res) => {
    if (req.method === 'GET' && req.url === '/') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pid: process.pid }));
    } else if (req.method === 'POST' && req.url === '/backup' && backup) {
      try {
        const { tarball, pausedMs } = await backup();
        res.writeHead(200, { 'content-type': 'application/x-tar', 'x-paused-ms': String(Math.round(pausedMs)) });
        res.end(tarball);
      } catch (error) {
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message }));
      }
    } else {
      res.writeHead(404).end();
    }
  };
}

/**
 * Claims `folder` for this process until `release()`; throws FolderInUseError when another process holds it.
 * `backup`: makes the copy this process gives to `npm run db:backup` (none: it answers 404).
 */
export async function claimFolder(folder, backup) {
  const socket = ownerSocket(folder);
  const server = createServer(answerer(backup));
  const listen = () =>
    new Promise((resolveListen, reject) => {
      server.once('error', reject).listen(socket, () => {
        server.off('error', reject);
        resolveListen();
      });
    });
  try {
    await listen();
  } catch (error) {
    if (error.code !== 'EADDRINUSE') throw error;
    const pid = await holderOf(socket);
    if (pid !== undefined) throw new FolderInUseError(resolve(folder), pid);
    // Left behind by a process that ended without closing it.
    unlinkSync(socket);
    await listen();
  }
  // Only this system user may ask for the data (the folder's own files are its too).
  chmodSync(socket, 0o600);
  const removeOnExit = () => {
    try {
      unlinkSync(socket);
    } catch {
      // Gone already.
    }
  };
  process.once('exit', removeOnExit);
  return {
    socket,
    release: () =>
      new Promise((resolveClose) => {
        process.off('exit', removeOnExit);
        // Closing removes the socket's file.
        server.close(() => resolveClose());
      }),
  };
}

/**
 * A copy of `folder` from the process that holds it, or null when no process does. Rejects when the holder
 * does not answer within `timeoutMs` or cannot give one.
 */
export async function backupFromHolder(folder, timeoutMs) {
  const socket = ownerSocket(folder);
  let answer;
  try {
    answer = await ask(socket, 'POST', '/backup', timeoutMs);
  } catch (error) {
    if (nobody(error)) return null;
    const reason = error.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : error.message;
    throw new Error(`the process holding ${resolve(folder)} did not give a backup (${reason})`);
  }
  if (answer.status !== 200) {
    const reason =
      answer.status === 404 ? 'it gives none' : (JSON.parse(answer.body.toString()).error ?? answer.status);
    throw new Error(`the process holding ${resolve(folder)} did not give a backup (${reason})`);
  }
  return { tarball: answer.body, pausedMs: Number(answer.headers['x-paused-ms']) };
}
