// Fails when a page's first-load JavaScript (gzip), or the opened widget frame (its document, script and
// stylesheet), exceeds its budget in bench/budgets.json; run by npm test after the build (and by hand:
// node scripts/check-bundles.mjs).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstLoadJs } from '../bench/bundle-stats.mjs';
import { frameDocument } from '../lib/widgets/frame-document.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/**
 * The heaviest frame document a widget can realistically have (app/embed/[widgetId]/frame.ts renders it): German
 * (its texts are the longer), the name, greeting, away message and pre-chat note at their limits
 * (lib/widgets/schema.ts) in German prose that the document does not already hold, a privacy policy's address,
 * seven days of hours, 20 allowed origins (the limit) of a shop's usual length, opened, the launcher's mode.
 * Origins at their 300-character limit would add 4 KB of hostnames nobody has.
 */
export function heaviestFrameDocument(manifest) {
  const de = JSON.parse(readFileSync(join(root, 'messages', 'de.json'), 'utf8'));
  const { Widget, ...others } = de;
  const values = (node) => (typeof node === 'string' ? [node] : Object.values(node).flatMap(values));
  const prose = values(others)
    .join(' ')
    .replace(/\{[^}]*\}/g, '');
  const text = (from, length) => prose.slice(from, from + length).trim();
  const props = {
    widget: {
      id: 'wAAAAAAAAAAAAAAAAAAAA',
      name: text(0, 60),
      greeting: text(1000, 200),
      accent: { background: '#4338ca', text: '#ffffff' },
      launcherPosition: 'right',
      preChat: 'required',
      awayMessage: text(2000, 300),
      preChatNote: text(3000, 300),
      privacyPolicyUrl: 'https://www.shop-1.beispiel-kunde.de/rechtliches/datenschutzerklaerung',
      theme: 'auto',
      // The header's three faces (lib/conversations/team.ts), each with a photo's address at its longest.
      team: [0, 1, 2].map((i) => ({
        name: text(4000 + i * 100, 60),
        photo: `/api/operator-photos/wAAAAAAAAAAAAAAAAAAAA/${'AbCdEfGhIjKlMnOpQrStU'.slice(i)}${'x'.repeat(i + 1)}?v=1795680000000`,
      })),
      businessHours: {
        timeZone: 'America/Argentina/ComodRivadavia',
        days: Object.fromEntries(WEEK.map((day) => [day, { from: '08:00', to: '20:00' }])),
      },
      allowedOrigins: Array.from({ length: 20 }, (_, i) => `https://www.shop-${i + 1}.beispiel-kunde.de`),
      askRating: true,
    },
    mode: 'launcher',
    initiallyOpen: true,
    locale: 'de',
    labels: Widget,
    initialPresence: { available: false, availableForMs: null, nextOpenAt: '2026-11-27T07:00:00.000Z' },
    initialConversation: null,
  };
  return frameDocument({ locale: 'de', title: props.widget.name, props, nonce: 'A'.repeat(24), manifest });
}

export function checkBundles(nextDir = join(root, '.next')) {
  const { firstLoadJsGzipBytes, widgetFrame } = JSON.parse(readFileSync(join(root, 'bench', 'budgets.json'), 'utf8'));
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const over = [];
  console.log(
    "\nBudgets (gzip): each page's first-load JavaScript; the opened widget's document, script and stylesheet:",
  );
  for (const [page, { route, budget }] of Object.entries(firstLoadJsGzipBytes)) {
    const { gzipBytes } = firstLoadJs(nextDir, route);
    const ok = gzipBytes <= budget;
    console.log(`  ${ok ? '✓' : '✗'} ${page.padEnd(8)} ${kb(gzipBytes).padStart(9)} of ${kb(budget)}`);
    if (!ok) over.push(page);
  }
  const manifest = JSON.parse(readFileSync(join(nextDir, 'widget-manifest.json'), 'utf8'));
  const document = gzipSync(heaviestFrameDocument(manifest), { level: 9 }).length;
  const frame = document + manifest.script.gzipBytes + manifest.stylesheet.gzipBytes;
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
