// The bare Next.js fixture in bench/baseline-next: sized like the landing page, built when stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nextBin, root } from './servers.mjs';

export const fixtureDir = join(root, 'bench', 'baseline-next');
const sizeFile = join(fixtureDir, 'app', 'size.json');
const SOURCES = ['app', 'instrumentation.js', 'next.config.mjs', 'package.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** Rewrites the fixture's target size when the landing page moved by more than 10%, forcing a rebuild. */
export function sizeFixtureLike(htmlBytes) {
  const current = JSON.parse(readFileSync(sizeFile, 'utf8')).htmlBytes;
  if (Math.abs(current - htmlBytes) / htmlBytes <= 0.1) return false;
  writeFileSync(sizeFile, `${JSON.stringify({ htmlBytes }, null, 2)}\n`);
  return true;
}

export function buildFixtureIfNeeded() {
  const marker = join(fixtureDir, '.next', 'BUILD_ID');
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  if (builtAt > Math.max(...SOURCES.map((source) => newest(join(fixtureDir, source))))) return false;
  console.log('Building the baseline fixture (bench/baseline-next)…');
  const result = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: fixtureDir,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`Building the fixture failed (exit ${result.status})`);
  return true;
}
