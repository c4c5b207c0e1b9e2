// Builds the app when there is no production build yet or a source file is newer than it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoadJs } from '../bench/bundle-stats.mjs';

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
  printFirstLoadJs();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded({ force: process.argv.includes('--force') });

/** Next 16's build no longer prints first-load JavaScript; the budgets in the README are about it. */
function printFirstLoadJs() {
  const routes = { '/': '/[locale]', '/chat': '/[locale]/chat', '/dashboard': '/[locale]/dashboard' };
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('\nFirst-load JavaScript (gzip):');
  for (const [page, route] of Object.entries(routes)) {
    try {
      const { gzipBytes, rawBytes } = firstLoadJs(join(root, '.next'), route);
      console.log(`  ${page.padEnd(12)} ${kb(gzipBytes).padStart(9)}  (${kb(rawBytes)} raw)`);
    } catch (error) {
      console.log(`  ${page.padEnd(12)} unknown: ${error instanceof Error ? error.message : error}`);
    }
  }
}
