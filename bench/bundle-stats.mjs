// First-load JavaScript of a route, from the build's .next/diagnostics/route-bundle-stats.json (Next 16
// no longer prints it). That file lists chunk paths and raw bytes only, so gzip sizes are computed here.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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
  const files = entry.firstLoadChunkPaths.map((path) => (isAbsolute(path) ? path : resolve(projectDir, path)));
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
