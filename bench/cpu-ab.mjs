// Server CPU per request of one page, for several built checkouts, interleaved: each checkout's app as
// `npm start` runs it (its own scripts/start.mjs and Auth emulator, a fresh PGlite folder), one signed-in
// user with 12 tickets, then ROUNDS rounds of N sequential requests per app in turn. CPU is read from
// /proc (utime+stime of the Next server process), so it stays comparable while the host is loaded.
// Usage: node bench/cpu-ab.mjs <checkout> <checkout> ... (each built; PATH_TO_MEASURE, N, ROUNDS optional)
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNext } from './lib/servers.mjs';
import { signedInSession } from './lib/session.mjs';
import { serverPid } from './lib/chat-fanout.mjs';
import { freePort } from '../scripts/auth-emulator.mjs';

const path = process.env.PATH_TO_MEASURE ?? '/dashboard/tickets';
const n = Number(process.env.N ?? 300);
const rounds = Number(process.env.ROUNDS ?? 5);
const TICK_MS = 10; // CLK_TCK 100

const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

const apps = [];
try {
  for (const dir of process.argv.slice(2)) {
    const emulator = await freePort();
    const data = mkdtempSync(join(tmpdir(), 'cpu-ab-'));
    const app = await startNext({
      label: dir,
      dir,
      readyPath: '/api/health',
      viaStartScript: true,
      env: { AUTH_EMULATOR_PORT: String(emulator), PGLITE_DATA_DIR: join(data, 'db') },
      timeoutMs: 180_000,
    });
    const entry = { ...app, dir, pid: serverPid(app.pid), samples: [] };
    apps.push(entry); // stopped in `finally` even when the sign-in fails
    entry.session = await signedInSession(app.origin, `127.0.0.1:${emulator}`);
  }
  const get = async (app) => {
    const response = await fetch(app.origin + path, { headers: app.session.headers, redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${app.dir}: ${path} answered ${response.status}`);
  };
  for (const app of apps) for (let i = 0; i < 100; i++) await get(app); // warm-up
  for (let round = 0; round < rounds; round++)
    for (const app of apps) {
      const before = cpuMs(app.pid);
      const started = performance.now();
      for (let i = 0; i < n; i++) await get(app);
      const wall = performance.now() - started;
      const cpu = (cpuMs(app.pid) - before) / n;
      app.samples.push(cpu);
      console.log(`round ${round + 1} ${app.dir}: ${cpu.toFixed(2)} ms CPU/request, ${(wall / n).toFixed(2)} ms wall`);
    }
  for (const app of apps) {
    const sorted = [...app.samples].sort((a, b) => a - b);
    console.log(
      `${app.dir}: median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} ms CPU/request (${sorted.map((s) => s.toFixed(2)).join(', ')})`,
    );
  }
} finally {
  await Promise.all(apps.map((app) => app.stop()));
}
