// The bytes a visitor's browser downloads for the widget (issue 37, point 6): the frame's document at
// `/embed/:widgetId?open=1` (the address a click on the launcher loads) and every script and stylesheet it
// references, and the launcher at `/embed/:widgetId/launcher`, each compressed on its own (gzip level 9,
// brotli quality 11) as a server that precompresses them sends it.
//   node bench/widget-bytes.mjs <origin> <widgetId>
//   node bench/widget-bytes.mjs <origin> --emulator <host:port>   (signs in, creates a widget, measures it)
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { signedInSession } from './lib/session.mjs';

const ATTRIBUTE = (name) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');

function attribute(tag, name) {
  const match = ATTRIBUTE(name).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]).replace(/&amp;/g, '&') : null;
}

/**
 * The scripts and stylesheets `html` makes a browser fetch, as absolute URLs (each once): `<script src>`,
 * `<link rel=stylesheet>`, and the scripts and styles it preloads (Next preloads the chunks it runs).
 */
export function referencedAssets(html, base) {
  const urls = new Set();
  // What an inline script holds is text (Next's flight data quotes markup), not tags of the document.
  const tags = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1');
  for (const [tag] of tags.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src) urls.add(new URL(src, base).href);
  }
  for (const [tag] of tags.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const as = (attribute(tag, 'as') ?? '').toLowerCase();
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (
      rel.includes('stylesheet') ||
      rel.includes('modulepreload') ||
      (rel.includes('preload') && /^(script|style)$/.test(as))
    )
      urls.add(new URL(href, base).href);
  }
  return [...urls];
}

/** The raw, gzip and brotli sizes of `body`. */
export function compressedSizes(body) {
  const bytes = Buffer.from(body);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

async function download(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);

/** The opened widget (document, scripts, stylesheets) and the launcher of `widgetId` at `origin`. */
export async function widgetBytes(origin, widgetId) {
  const page = `${origin}/embed/${encodeURIComponent(widgetId)}?open=1`;
  const html = await download(page);
  const assets = referencedAssets(new TextDecoder().decode(html), page);
  const opened = [
    { url: page, kind: 'document', ...compressedSizes(html) },
    ...(await Promise.all(
      assets.map(async (url) => ({
        url,
        kind: /\.css(?:\?|$)/.test(url) ? 'stylesheet' : 'script',
        ...compressedSizes(await download(url)),
      })),
    )),
  ];
  const launcherUrl = `${origin}/embed/${encodeURIComponent(widgetId)}/launcher`;
  const launcher = { url: launcherUrl, ...compressedSizes(await download(launcherUrl)) };
  const total = Object.fromEntries(['raw', 'gzip', 'brotli'].map((key) => [key, sum(opened, key)]));
  return { opened, total, launcher };
}

/** A new widget of a new account (signed in through the app's Auth emulator) that `allowedOrigins` may embed. */
export async function createWidget(origin, emulatorHost, allowedOrigins = []) {
  const session = await signedInSession(origin, emulatorHost);
  const response = await fetch(`${origin}/api/widgets`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', allowedOrigins, accentColor: '#4338ca', locale: 'en' }),
  });
  if (response.status !== 201) throw new Error(`creating the widget answered ${response.status}`);
  return (await response.json()).widget.id;
}

async function main([origin, second, third]) {
  if (!origin || !second) {
    console.error('usage: node bench/widget-bytes.mjs <origin> (<widgetId> | --emulator <host:port>)');
    process.exit(2);
  }
  const widgetId = second === '--emulator' ? await createWidget(origin, third) : second;
  const { opened, total, launcher } = await widgetBytes(origin, widgetId);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
  console.log('Opened widget (each file compressed on its own):');
  console.log(`  ${'kind'.padEnd(10)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}  file`);
  for (const item of opened)
    console.log(
      `  ${item.kind.padEnd(10)} ${kb(item.raw)} ${kb(item.gzip)} ${kb(item.brotli)}  ${new URL(item.url).pathname}`,
    );
  console.log(
    `  ${'total'.padEnd(10)} ${kb(total.raw)} ${kb(total.gzip)} ${kb(total.brotli)}  (${opened.length} files)`,
  );
  console.log(`Launcher:    ${kb(launcher.raw)} ${kb(launcher.gzip)} ${kb(launcher.brotli)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
