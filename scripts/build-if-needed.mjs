// Builds the app when there is no production build yet, or when what it was built from changed: the
// content of any file git tracks (or would: new files not ignored) outside the folders the build never
// reads, and the settings a build compiles in.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoadJs } from '../bench/bundle-stats.mjs';
import { precompressStaticAssets } from '../server/static-assets.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(root, '.next', 'source-stamp');
/**
 * What `next build` does not read: tests, benchmarks, documentation, deployment examples (deploy/), CI and
 * the tools' own configs.
 */
const NOT_BUILT = /^(?:tests|bench|docs|deploy|\.ci|\.github)\/|\.md$|^(?:jest|playwright|eslint)\.config\.\w+$/;
/**
 * Settings compiled into the browser's code (next.config.ts `env`). SITE_URL is not among them: the
 * server renders the prerendered pages again with the running configuration when it starts.
 */
const buildSettings = () => ({
  BUILD_ID: process.env.BUILD_ID ?? '',
  VERSION_POLL_INTERVAL_MS: process.env.VERSION_POLL_INTERVAL_MS ?? '',
  secureCookies: process.env.COOKIE_SECURE || String((process.env.SITE_URL ?? '').startsWith('https:')),
});

/** The project's files as git sees them; without git (an unpacked archive), every file but the ignored folders. */
function sourceFiles(dir) {
  const git = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (git.status === 0) return git.stdout.split('\0').filter(Boolean);
  const walk = (folder) =>
    readdirSync(join(dir, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory())
        return /^(?:node_modules|\.next|\.data|\.git|test-results|playwright-report)$/.test(entry.name)
          ? []
          : walk(path);
      return [path];
    });
  return walk('');
}

/** A digest of everything the build of the project in `dir` is made of. */
export function sourceStamp(dir = root) {
  const hash = createHash('sha256');
  for (const file of sourceFiles(dir)
    .filter((file) => !NOT_BUILT.test(file))
    .sort()) {
    const path = join(dir, file);
    if (!existsSync(path) || !statSync(path).isFile()) continue;
    hash.update(`${file}\0`).update(readFileSync(path)).update('\0');
  }
  hash.update(JSON.stringify(buildSettings()));
  return hash.digest('hex');
}

export function buildIfNeeded({ force = false } = {}) {
  const built = existsSync(join(root, '.next', 'BUILD_ID')) && existsSync(STAMP) ? readFileSync(STAMP, 'utf8') : null;
  const stamp = sourceStamp();
  if (!force && built === stamp) return false;
  console.log(built ? 'Sources changed since the last build: building…' : 'No production build yet: building…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The widget's standalone frame (scripts/build-widget.mjs), into the build's static files.
  const widget = spawnSync(process.execPath, [join(root, 'scripts', 'build-widget.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (widget.status !== 0) process.exit(widget.status ?? 1);
  // npm start serves the scripts and stylesheet compressed once, here, at their best (server/static-assets.mjs).
  console.log(`Compressed ${precompressStaticAssets(join(root, '.next'))} static assets ahead of serving them.`);
  writeFileSync(STAMP, stamp);
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
