// Builds the app when there is no production build yet or a source file is newer than it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['app', 'components', 'lib', 'messages', 'config', 'data', 'public', 'proxy.ts', 'next.config.ts', 'package-lock.json', 'postcss.config.mjs', 'tsconfig.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

export function buildIfNeeded({ force = false } = {}) {
  const marker = join(root, '.next', 'BUILD_ID');
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((source) => newest(join(root, source))));
  if (!force && builtAt > changedAt) return false;
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No production build yet: building…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded({ force: process.argv.includes('--force') });
