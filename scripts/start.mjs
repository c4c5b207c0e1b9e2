// npm start: builds when needed, then serves the production build on localhost:$PORT (default 3000).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT || '3000';
if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
  console.error(`PORT must be a number from 0 to 65535, got "${port}"`);
  process.exit(1);
}

buildIfNeeded();

// `-H localhost` binds the loopback interface only. With `-H 127.0.0.1`, Next normalises the host to
// localhost and next-intl's as-needed rewrite then loops (see DESIGN.md).
const server = spawn(process.execPath, [join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-H', 'localhost', '-p', port], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
