// Starts the Firebase Authentication emulator (firebase-tools, Node only) on 127.0.0.1 and stops it.
// Used by `npm start` (accounts kept under .data/) and by the tests (a fresh, empty emulator).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
export const DEMO_PROJECT_ID = 'demo-plauder';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url, child, output, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`The auth emulator exited (${child.exitCode}):\n${output.join('')}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The auth emulator did not start within ${timeoutMs / 1000} s:\n${output.join('')}`);
}

/**
 * Starts the emulator; answers `{ host, stop }` where `host` is the value for
 * FIREBASE_AUTH_EMULATOR_HOST. With `dataDir`, accounts are imported from and exported to it.
 */
export async function startAuthEmulator({
  port,
  dataDir,
  projectId = DEMO_PROJECT_ID,
  timeoutMs = 90_000,
  detached = true,
} = {}) {
  const authPort = port ?? (await freePort());
  const workDir = mkdtempSync(join(tmpdir(), 'plauder-auth-'));
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port: authPort },
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(join(workDir, 'firebase.json'), JSON.stringify(config));
  const args = [
    cli,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    join(workDir, 'firebase.json'),
  ];
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(join(dataDir, 'firebase-export-metadata.json'))) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: workDir,
    // Detached: its own process group, stopped as a whole. Not detached: it shares the caller's group
    // and goes down with it when a supervisor kills that group.
    detached,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: undefined, CI: process.env.CI ?? '' },
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  const host = `127.0.0.1:${authPort}`;

  const signal = (name) => process.kill(detached ? -child.pid : child.pid, name);
  let stopping;
  const stop = () =>
    (stopping ??= new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      const force = setTimeout(() => {
        try {
          signal('SIGKILL');
        } catch {
          // Already gone.
        }
      }, 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      try {
        // SIGINT lets the emulator export its accounts first.
        signal('SIGINT');
      } catch {
        resolve();
      }
    }));

  try {
    await waitUntilUp(`http://${host}/`, child, output, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, projectId, stop };
}
