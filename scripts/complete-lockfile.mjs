// Run after `npm install` changed dependencies: `npm run lock:complete`.
//
// The registry this project is installed from answers 404 for the prebuilt binaries of other
// platforms (the optional @next/swc-*, @swc/core-*, @tailwindcss/oxide-* … packages). npm then leaves
// them out of package-lock.json, and `npm ci` refuses that lock as out of sync with package.json. This
// adds each missing optional package as an optional entry: `npm ci` accepts the lock again and skips
// the ones that do not exist for this platform, as it does for any optional dependency.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const added = [];

for (const [path, pkg] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    packages[`node_modules/${name}`] = { version, optional: true, ...(pkg.dev && { dev: true }) };
    added.push(name);
  }
}

const sorted = Object.keys(packages).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)));
lock.packages = Object.fromEntries(sorted.map((key) => [key, packages[key]]));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `Added ${added.length} optional packages to package-lock.json.` : 'package-lock.json is complete.',
);
