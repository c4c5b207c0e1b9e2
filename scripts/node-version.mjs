// The Node versions the project is tested on are package.json's engines (Node 22 and 24; CI runs the suite
// on 24, .nvmrc). Another still runs, with a warning: Node 20 reached its end of life on 2026-04-30 and
// CI no longer tests it, but nothing in the app needs 22 yet (iron-session 8 and firebase-admin 13 stay).
import { readFileSync } from 'node:fs';
import semver from 'semver';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
export const SUPPORTED_NODE = engines.node;

/** What to tell someone on a Node outside engines, or null on a supported one. */
export function unsupportedNodeWarning(version = process.versions.node) {
  if (semver.satisfies(version, SUPPORTED_NODE)) return null;
  return (
    `Node ${version} is not supported (package.json engines: ${SUPPORTED_NODE}); ` +
    `Node 20 reached its end of life on 2026-04-30. Use Node 24 (.nvmrc). Going on anyway.`
  );
}

export function warnIfUnsupportedNode() {
  const warning = unsupportedNodeWarning();
  if (warning) console.warn(`Warning: ${warning}`);
}
