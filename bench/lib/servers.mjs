// Servers under test, each a child process in its own process group so that stopping it also stops
// anything it spawned. Every server started here is stopped on exit, error and SIGINT/SIGTERM.
import { fork, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/auth-emulator.mjs';

export { freePort };

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const nextBin = join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const running = new Set();

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

process.on('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping servers`);
    process.exit(code);
  });
}

function track(child, label) {
  running.add(child);
  // Everything the server printed (the fault tests read what it logged), up to its last MB.
  let log = '';
  const keep = (chunk) => {
    log = (log + chunk).slice(-1_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  exited.then(() => running.delete(child));

  async function stop() {
    if (!running.has(child)) return;
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  return { label, pid: child.pid, exited, stop, log: () => log.slice(-4000), output: () => log };
}

async function waitUntilAnswering(server, url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  server.exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.stop();
  throw new Error(`${server.label} did not answer ${url} ${gone ? '(it exited)' : 'in time'}:\n${server.log()}`);
}

/**
 * `next start` on loopback. `-H localhost`, not 127.0.0.1: with the latter Next normalises the host and
 * next-intl's as-needed rewrite loops (DESIGN.md); requests to 127.0.0.1 work either way. The app itself
 * starts as `npm start` does (scripts/start.mjs: its Auth emulator too, with no stored accounts).
 */
export async function startNext({
  label,
  dir,
  readyPath,
  viaStartScript = false,
  dev = false,
  ownSiteUrl = false,
  port: wanted,
  env = {},
  timeoutMs,
}) {
  // `port`: a restarted instance comes back where its clients reconnect.
  const port = wanted ?? (await freePort());
  // ownSiteUrl: canonical links, sitemaps and Open Graph URLs name this very server (Lighthouse checks them).
  if (ownSiteUrl) env = { SITE_URL: `http://localhost:${port}`, ...env };
  // `dev`: npm run dev (the start script with Next's development server). The start script of `dir`, which
  // serves its own folder's build: another checkout's build, compared with this one, is that checkout's.
  const args =
    viaStartScript || dev
      ? [join(dir, 'scripts', 'start.mjs'), ...(dev ? ['--dev'] : [])]
      : [nextBin, 'start', '-H', 'localhost', '-p', String(port)];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: dev ? 'development' : 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      AUTH_EMULATOR_DATA_DIR: '',
      PGLITE_DATA_DIR: 'memory://',
      ...env,
    },
  });
  const server = { ...track(child, label), origin: `http://127.0.0.1:${port}` };
  await waitUntilAnswering(server, server.origin + readyPath, timeoutMs);
  return server;
}

/** A child process of this folder that listens and sends its port over IPC after `message` (if any). */
async function startForked(file, label, message) {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const server = track(child, label);
  const port = await new Promise((resolvePort, reject) => {
    child.once('message', (answer) => resolvePort(answer.port));
    child.once('exit', () => reject(new Error(`${label} exited:\n${server.log()}`)));
    if (message) child.send(message);
  });
  child.disconnect();
  return { ...server, origin: `http://127.0.0.1:${port}` };
}

/** A plain node:http server answering every request with the given bytes: the machine's limit. */
export function startStaticServer({ label, body, contentType }) {
  return startForked('./static-server.mjs', label, { body: body.toString('base64'), contentType });
}

/** The conversations' bare reference (bare-conversations.mjs): the same API in memory, no database. */
export function startBareConversations() {
  return startForked('./bare-conversations.mjs', 'bare conversations');
}
