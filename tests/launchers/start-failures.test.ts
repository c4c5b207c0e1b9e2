/** @jest-environment node */
// A server that cannot start stops: with an invalid setting, also when no rebuild is needed (the build checks
// them too), npm start and next start exit non-zero within seconds with a message that names the setting; npm
// start's server exits on any other failure while it starts. No port stays open that never answers. Runs
// against the production build (scripts/test.mjs).
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort, nextBin, root } from '../../bench/lib/servers.mjs';

jest.setTimeout(300_000);

// Generous, so that a server that keeps running fails the test instead of stalling it; no timing is asserted.
const BOUND_MS = 45_000;

const INVALID: [string, Record<string, string>][] = [
  ['SESSION_SECRET', { SESSION_SECRET: 'x'.repeat(31) }],
  // Emulator tokens are unsigned: never beside a real project.
  [
    'FIREBASE_AUTH_EMULATOR_HOST',
    { FIREBASE_PROJECT_ID: 'plauder-live', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
  ],
  // A publishable key in place of the secret one.
  ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'pk_live_51HxAbCdEfGhIjKl' }],
  ['DATABASE_URL', { DATABASE_URL: 'postgres//app@localhost:5432/plauder' }],
  ['PORT', { PORT: 'eighty' }],
];

// Both take the port from PORT.
const LAUNCHERS: [string, string[]][] = [
  ['npm start', [join(root, 'scripts', 'start.mjs')]],
  ['next start', [nextBin, 'start', '-H', 'localhost']],
];

/** Runs a launcher that must refuse to start: its exit code (null: it was still running at BOUND_MS) and output. */
function run(command: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, {
      cwd: root,
      // Its own process group: a launcher that keeps running is stopped with everything it started.
      detached: true,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), BOUND_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Whether anything accepts connections on the port (where the server would have listened). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: 'localhost' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.each(LAUNCHERS)('%s', (_launcher, command) => {
  it.each(INVALID)('exits non-zero with an invalid %s, naming it, and leaves no port open', async (name, invalid) => {
    const port = await freePort();
    const { code, output } = await run(command, {
      NODE_ENV: 'production',
      PORT: String(port),
      PGLITE_DATA_DIR: 'memory://',
      AUTH_EMULATOR_DATA_DIR: '',
      // next start refuses to run without a trusted proxy in front; that is not what is tested here.
      TRUST_PROXY: '1',
      ...invalid,
    });
    expect(code).not.toBeNull();
    expect(code).not.toBe(0);
    expect(output).toContain(name);
    expect(await listening(port)).toBe(false);
  });
});

describe("npm start's server", () => {
  it('exits non-zero on a failure while it starts, saying what failed, and leaves no port open', async () => {
    const port = await freePort();
    const preload = join(root, 'tests', 'launchers', 'failing-start.mjs');
    const { code, output } = await run(['--import', preload, join(root, 'server', 'server.mjs')], {
      NODE_ENV: 'production',
      PORT: String(port),
      PGLITE_DATA_DIR: 'memory://',
    });
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start: Error: a failure while the server starts');
    expect(await listening(port)).toBe(false);
  });
});
