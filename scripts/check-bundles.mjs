// Fails when a page's first-load JavaScript (gzip), or the widget frame's script and stylesheet, exceeds its
// budget in bench/budgets.json; run by npm test after the build (and by hand: node scripts/check-bundles.mjs).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoadJs } from '../bench/bundle-stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export function checkBundles(nextDir = join(root, '.next')) {
  const { firstLoadJsGzipBytes, widgetFrame } = JSON.parse(readFileSync(join(root, 'bench', 'budgets.json'), 'utf8'));
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const over = [];
  console.log("\nBudgets (gzip): each page's first-load JavaScript; the widget frame's script and stylesheet:");
  for (const [page, { route, budget }] of Object.entries(firstLoadJsGzipBytes)) {
    const { gzipBytes } = firstLoadJs(nextDir, route);
    const ok = gzipBytes <= budget;
    console.log(`  ${ok ? '✓' : '✗'} ${page.padEnd(8)} ${kb(gzipBytes).padStart(9)} of ${kb(budget)}`);
    if (!ok) over.push(page);
  }
  const { script, stylesheet } = JSON.parse(readFileSync(join(nextDir, 'widget-manifest.json'), 'utf8'));
  const frame = script.gzipBytes + stylesheet.gzipBytes;
  const fits = frame <= widgetFrame.gzipBudget;
  console.log(`  ${fits ? '✓' : '✗'} ${'widget'.padEnd(8)} ${kb(frame).padStart(9)} of ${kb(widgetFrame.gzipBudget)}`);
  if (!fits) over.push('widget');
  return over;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [nextDir] = process.argv.slice(2);
  const over = checkBundles(nextDir ? resolve(nextDir) : undefined);
  if (over.length) {
    console.error(`Over budget: ${over.join(', ')}`);
    process.exit(1);
  }
}
