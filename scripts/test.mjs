// npm test: lint and type check, unit and component tests (Jest), then a production build and the
// end-to-end suite (Playwright) against it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

function run(command, args) {
  console.log(`\n▶ ${[command.split('/').pop(), ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(bin('eslint'), ['.']);
run(bin('next'), ['typegen']);
run(bin('tsc'), ['--noEmit']);
run(bin('jest'), ['--ci']);
buildIfNeeded();
run(bin('playwright'), ['test']);
