// `npm run db:backup`, `db:restore` and `db:move` (scripts/database.mjs) as an operator runs them, for the
// embedded database in `folder`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const script = join(__dirname, '..', '..', 'scripts', 'database.mjs');

/** Resolves with the command's exit code and what it printed. */
export function databaseCommand(args: string[], folder: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, PGLITE_DATA_DIR: folder, DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A PGlite of its own on `folder` (no app holds it) for `read`, closed after. */
export async function readFolder<T>(
  folder: string,
  read: (client: import('@electric-sql/pglite').PGlite) => Promise<T>,
) {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(folder);
  try {
    return await read(client);
  } finally {
    await client.close();
  }
}

/** A folder's tickets, each with the number of its messages. */
export const ticketsIn = (folder: string) =>
  readFolder(folder, async (client) => {
    const { rows } = await client.query<{ id: string; messages: number }>(
      `select t.id, (select count(*)::int from ticket_messages m where m.ticket_id = t.id) as messages from tickets t`,
    );
    return new Map(rows.map((row) => [row.id, row.messages]));
  });

type Acknowledged = { id: string; at: number }[];

/**
 * `npm run db:backup -- <file>` of `folder` while `writeTicket` goes on opening tickets (one after another, each
 * in a turn of the event loop of its own, as requests are): when it started and ended, and every acknowledged
 * ticket with the time of its acknowledgement.
 */
export async function backupWhileWriting(folder: string, file: string, writeTicket: (n: number) => Promise<string>) {
  const acknowledged: Acknowledged = [];
  let writing = true;
  const writer = (async () => {
    for (let n = 0; writing; n++) {
      acknowledged.push({ id: await writeTicket(n), at: performance.now() });
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  const backup = await databaseCommand(['backup', file], folder);
  const ended = performance.now();
  writing = false;
  await writer;
  return { backup, acknowledged, started, ended };
}

/** The restored `copy` has every ticket acknowledged before `started`, and no other, each with its first message. */
export function expectWholeCopy(copy: Map<string, number>, acknowledged: Acknowledged, started: number) {
  for (const { id, at } of acknowledged) if (at < started) expect(copy.get(id)).toBe(1);
  const ids = new Set(acknowledged.map(({ id }) => id));
  for (const [id, messages] of copy) expect([ids.has(id), messages]).toEqual([true, 1]);
}
