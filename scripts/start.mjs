// npm start: builds when needed, starts the Firebase Auth emulator in local mode (accounts kept under
// .data/auth-emulator), then serves the production build on localhost:$PORT (default 3000).
// npm run dev (`--dev`): the same with Next's development server instead of a build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { DEMO_PROJECT_ID, startAuthEmulator } from './auth-emulator.mjs';
import { warnIfUnsupportedNode } from './node-version.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

warnIfUnsupportedNode();

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT || '3000';
if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
  console.error(`PORT must be a number from 0 to 65535, got "${port}"`);
  process.exit(1);
}

const dev = process.argv.includes('--dev');
if (!dev) buildIfNeeded();

// A demo project (the default) can only talk to the emulator; a real project never does (lib/env).
const projectId = process.env.FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;
let emulator = null;
const hostFile = join(root, '.data', 'auth-emulator.host');
let wroteHostFile = false;
if (projectId.startsWith('demo-') && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  // AUTH_EMULATOR_DATA_DIR= (empty) starts with no accounts and keeps none (the end-to-end tests).
  const dataDir = process.env.AUTH_EMULATOR_DATA_DIR ?? join(root, '.data', 'auth-emulator');
  emulator = await startAuthEmulator({
    dataDir: dataDir || undefined,
    port: process.env.AUTH_EMULATOR_PORT ? Number(process.env.AUTH_EMULATOR_PORT) : undefined,
    detached: false,
  });
  console.log(`Firebase Auth emulator on ${emulator.host}${dataDir ? ` (accounts in ${dataDir})` : ''}`);
  // Tells `npm run admin:grant` where the running emulator is.
  if (dataDir) {
    mkdirSync(join(root, '.data'), { recursive: true });
    writeFileSync(hostFile, emulator.host);
    wroteHostFile = true;
  }
}

// The embedded database's first start (initdb) runs here, in a process of its own; the server then
// opens an existing database (scripts/pglite-init.mjs says why).
const pgliteDir = process.env.PGLITE_DATA_DIR || join(root, '.data', 'pglite');
if (
  !process.env.DATABASE_URL &&
  !pgliteDir.startsWith('memory://') &&
  !existsSync(join(resolve(root, pgliteDir), 'PG_VERSION'))
) {
  const init = spawnSync(process.execPath, [join(root, 'scripts', 'pglite-init.mjs'), resolve(root, pgliteDir)], {
    stdio: 'inherit',
  });
  if (init.status !== 0) process.exit(init.status ?? 1);
}

// server/server.mjs: Next's handler on localhost:$PORT (loopback only), behind the check of forwarded
// headers.
const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, join(root, 'server', 'server.mjs'), ...(dev ? ['--dev'] : [])],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: dev ? 'development' : 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: port,
      ...(emulator && { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: projectId }),
    },
  },
);

// A signal goes on to the server, which drains (server/drain.mjs; a second one cuts the drain short); this
// process and the emulator stop once the server has exited.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
server.on('exit', async (code, signal) => {
  await emulator?.stop();
  if (wroteHostFile) rmSync(hostFile, { force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
