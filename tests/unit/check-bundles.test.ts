/** @jest-environment node */
// scripts/check-bundles.mjs, run as npm test runs it, against a build directory made up here.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function fakeBuild(chunkBytes: Record<string, number>, widgetGzipBytes = { script: 17 * 1024, stylesheet: 4 * 1024 }) {
  const project = mkdtempSync(join(tmpdir(), 'bundles-'));
  const nextDir = join(project, '.next');
  mkdirSync(join(nextDir, 'diagnostics'), { recursive: true });
  mkdirSync(join(nextDir, 'static'), { recursive: true });
  const stats = Object.entries(chunkBytes).map(([route, bytes], i) => {
    // Random bytes do not compress: gzip size ≈ raw size.
    writeFileSync(join(nextDir, 'static', `chunk-${i}.js`), randomBytes(bytes));
    return { route, firstLoadChunkPaths: [`.next/static/chunk-${i}.js`] };
  });
  writeFileSync(join(nextDir, 'diagnostics', 'route-bundle-stats.json'), JSON.stringify(stats));
  const file = (gzipBytes: number) => ({ path: '/_next/static/widget/x', rawBytes: 3 * gzipBytes, gzipBytes });
  writeFileSync(
    join(nextDir, 'widget-manifest.json'),
    JSON.stringify({ script: file(widgetGzipBytes.script), stylesheet: file(widgetGzipBytes.stylesheet) }),
  );
  return { nextDir, cleanup: () => rmSync(project, { recursive: true, force: true }) };
}

function check(nextDir: string) {
  return spawnSync(process.execPath, [join(process.cwd(), 'scripts', 'check-bundles.mjs'), nextDir], {
    encoding: 'utf8',
  });
}

describe('bundle budgets', () => {
  it('passes when / and /chat are within their budgets', () => {
    const build = fakeBuild({ '/[locale]': 100 * 1024, '/[locale]/chat': 100 * 1024 });
    try {
      const result = check(build.nextDir);
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/✓ \/\s/);
    } finally {
      build.cleanup();
    }
  });

  it('fails, naming the page, when one is over', () => {
    const build = fakeBuild({ '/[locale]': 100 * 1024, '/[locale]/chat': 400 * 1024 });
    try {
      const result = check(build.nextDir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Over budget: /chat');
    } finally {
      build.cleanup();
    }
  });

  it('fails, naming the widget, when its document, script and stylesheet are over 25 KB together', () => {
    const within = fakeBuild(
      { '/[locale]': 100 * 1024, '/[locale]/chat': 100 * 1024 },
      { script: 19 * 1024, stylesheet: 3 * 1024 },
    );
    // 25 KB of script and stylesheet alone: the heaviest document (German, every text at its limit) tips it over.
    const over = fakeBuild(
      { '/[locale]': 100 * 1024, '/[locale]/chat': 100 * 1024 },
      { script: 22 * 1024, stylesheet: 3 * 1024 },
    );
    try {
      const fits = check(within.nextDir);
      expect(fits.status).toBe(0);
      expect(fits.stdout).toMatch(/✓ widget\s+24\.[0-4] KB of 25\.0 KB/);
      const result = check(over.nextDir);
      expect(result.status).toBe(1);
      expect(result.stdout).toMatch(/✗ widget\s+27\.[0-4] KB of 25\.0 KB/);
      expect(result.stderr).toContain('Over budget: widget');
    } finally {
      within.cleanup();
      over.cleanup();
    }
  });

  it('leaves out the chunks only the not-found documents load (the global page and the root boundary)', () => {
    const build = fakeBuild({ '/[locale]': 100 * 1024, '/[locale]/chat': 100 * 1024 });
    try {
      // Next's route stats list the not-found documents' own chunks with every route.
      writeFileSync(join(build.nextDir, 'static', 'not-found.js'), randomBytes(100 * 1024));
      writeFileSync(join(build.nextDir, 'static', 'root-not-found.js'), randomBytes(100 * 1024));
      const statsFile = join(build.nextDir, 'diagnostics', 'route-bundle-stats.json');
      const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as { firstLoadChunkPaths: string[] }[];
      for (const route of stats)
        route.firstLoadChunkPaths.push('.next/static/not-found.js', '.next/static/root-not-found.js');
      writeFileSync(statsFile, JSON.stringify(stats));
      const page = join(build.nextDir, 'server', 'app', '[locale]', '(shop)');
      mkdirSync(page, { recursive: true });
      const entryJSFiles = {
        '[project]/app/[locale]/layout': ['static/chunk-0.js'],
        '[project]/app/global-not-found': ['static/chunk-0.js', 'static/not-found.js'],
        '[project]/app/not-found': ['static/chunk-0.js', 'static/root-not-found.js'],
      };
      writeFileSync(
        join(page, 'page_client-reference-manifest.js'),
        `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/[locale]/(shop)/page"] = ${JSON.stringify({ entryJSFiles })};`,
      );
      const result = check(build.nextDir);
      expect(result.stdout).toMatch(/✓ \/\s+\d+\.\d KB/);
      expect(result.status).toBe(0);
    } finally {
      build.cleanup();
    }
  });
});
