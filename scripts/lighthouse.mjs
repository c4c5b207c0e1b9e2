// npm run lighthouse: Lighthouse 12 (mobile, its default throttling) with Debian's Chromium against the
// production build on `/` and `/de`; prints the four category scores and the web vitals and writes them
// to bench/results/lighthouse.json. Targets: performance ≥ 95; accessibility, best practices, SEO 100.
// Reported, never failing on a score (like npm run bench); it fails only when a run itself fails.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { buildIfNeeded } from './build-if-needed.mjs';
import { root, startNext } from '../bench/lib/servers.mjs';

const PAGES = ['/', '/de'];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const VITALS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

buildIfNeeded();
const server = await startNext({ label: 'app', dir: root, readyPath: '/api/health', viaStartScript: true, ownSiteUrl: true });
const origin = server.origin.replace('127.0.0.1', 'localhost');
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const results = [];
try {
  for (const page of PAGES) {
    // Warm the prerender cache first: the first answer after a start may be a render.
    await fetch(origin + page);
    const { lhr } = await lighthouse(origin + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
    if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(Object.keys(TARGETS).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
    const vitals = Object.fromEntries(Object.entries(VITALS).map(([id, name]) => [name, lhr.audits[id]?.displayValue ?? '?']));
    const failing = Object.entries(lhr.audits)
      .filter(([, audit]) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'notApplicable')
      .map(([id]) => id);
    const consoleErrors = (lhr.audits['errors-in-console']?.details?.items ?? []).map((item) => `${item.source}: ${item.description} ${item.sourceLocation?.url ?? ''}`.trim());
    results.push({ page, scores, vitals, failingAudits: failing, consoleErrors, benchmarkIndex: lhr.environment.benchmarkIndex, lighthouseVersion: lhr.lighthouseVersion });
  }
} finally {
  await chrome.kill();
  await server.stop();
}

console.log('\nLighthouse (mobile)');
console.log(`page  ${Object.keys(TARGETS).map((c) => c.padStart(15)).join('')}  ${Object.values(VITALS).map((v) => v.padStart(9)).join('')}`);
for (const { page, scores, vitals } of results) {
  const cells = Object.entries(scores).map(([id, score]) => `${score >= TARGETS[id] ? '✓' : '✗'} ${score}`.padStart(15));
  console.log(`${page.padEnd(5)} ${cells.join('')}  ${Object.values(vitals).map((v) => String(v).padStart(9)).join('')}`);
}
for (const { page, failingAudits, benchmarkIndex, consoleErrors } of results) {
  console.log(`${page}: host benchmark index ${benchmarkIndex}; audits not passed: ${failingAudits.join(', ') || 'none'}`);
  for (const error of consoleErrors) console.log(`  console: ${error}`);
}
const dir = join(root, 'bench', 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'lighthouse.json'), `${JSON.stringify({ date: new Date().toISOString(), targets: TARGETS, results }, null, 2)}\n`);
console.log('\nWrote bench/results/lighthouse.json');
