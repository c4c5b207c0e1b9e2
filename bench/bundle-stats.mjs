// First-load JavaScript of a route, from the build's .next/diagnostics/route-bundle-stats.json (Next 16
// no longer prints it). That file lists chunk paths and raw bytes only, so gzip sizes are computed here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';

// Whole documents rendered in place of a page: the global not-found page (experimental.globalNotFound) and the
// root not-found boundary (a notFound() of the locale layout itself).
const NOT_FOUND_DOCUMENTS = ['[project]/app/global-not-found', '[project]/app/not-found'];

/** A page's client reference manifest (any page's: they all name the app's root entries alike). */
function clientManifest(appDir) {
  if (!existsSync(appDir)) return null;
  for (const entry of readdirSync(appDir, { withFileTypes: true })) {
    const path = join(appDir, entry.name);
    if (entry.isFile() && entry.name === 'page_client-reference-manifest.js') return path;
    if (entry.isDirectory()) {
      const found = clientManifest(path);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Chunks that only the not-found documents load. Next's route stats list their chunks with every route, though a
 * page loads them only when it renders one (compare the scripts of a prerendered page's HTML: `/` names neither).
 */
function notFoundDocumentsOnly(nextDir) {
  const manifest = clientManifest(resolve(nextDir, 'server', 'app'));
  if (!manifest) return new Set();
  const sandbox = {};
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(manifest, 'utf8'), sandbox);
  const entries = Object.values(sandbox.__RSC_MANIFEST)[0]?.entryJSFiles ?? {};
  const only = new Set(NOT_FOUND_DOCUMENTS.flatMap((entry) => entries[entry] ?? []));
  for (const [entry, chunks] of Object.entries(entries))
    if (!NOT_FOUND_DOCUMENTS.includes(entry)) for (const chunk of chunks) only.delete(chunk);
  return only;
}

/** Each chunk is gzipped on its own, as the browser downloads it; level 9 as the gzip-size convention. */
export function firstLoadJs(nextDir, route) {
  const statsPath = resolve(nextDir, 'diagnostics', 'route-bundle-stats.json');
  const stats = JSON.parse(readFileSync(statsPath, 'utf8'));
  const entry = stats.find((candidate) => candidate.route === route);
  if (!entry) {
    throw new Error(`${statsPath} has no route "${route}" (it has: ${stats.map((s) => s.route).join(', ')})`);
  }
  // The listed paths start with the dist dir's name: they are relative to the project directory.
  const projectDir = dirname(resolve(nextDir));
  const notFoundOnly = [...notFoundDocumentsOnly(nextDir)].map((chunk) => resolve(nextDir, chunk));
  const files = entry.firstLoadChunkPaths
    .map((path) => (isAbsolute(path) ? path : resolve(projectDir, path)))
    .filter((file) => !notFoundOnly.includes(file));
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    rawBytes += statSync(file).size;
    gzipBytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return { files, rawBytes, gzipBytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [nextDir = '.next', route = '/'] = process.argv.slice(2);
  console.log(JSON.stringify(firstLoadJs(nextDir, route), null, 2));
}
