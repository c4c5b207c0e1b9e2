// npm test: lint, formatting and type check, unit and component tests (Jest), then a production build and the
// end-to-end suite (Playwright) against it. Ends with one line counting every test of both runners.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { warnIfUnsupportedNode } from './node-version.mjs';

warnIfUnsupportedNode();

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const results = join(root, 'test-results');
const totals = { passed: 0, failed: 0, skipped: 0 };

function summary() {
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

function run(command, args, count, env = process.env) {
  console.log(`\n▶ ${[command.split('/').pop(), ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  count?.();
  if (result.status !== 0) {
    if (count) summary();
    process.exit(result.status ?? 1);
  }
}

mkdirSync(results, { recursive: true });
run(bin('eslint'), ['.']);
run(bin('prettier'), ['--check', '.']);
run(bin('next'), ['typegen']);
run(bin('tsc'), ['--noEmit']);

// PGlite (inside the test process) loads Node built-ins with dynamic import(), which Jest allows only
// with VM modules enabled.
const { TEST_DATABASE_URL, ...withoutTestDatabase } = process.env;
const jestEnv = {
  ...withoutTestDatabase,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
};

function jest(name, args, env, node) {
  const report = join(results, `${name}.json`);
  const jestArgs = ['--ci', '--json', `--outputFile=${report}`, ...args];
  run(
    node ?? bin('jest'),
    node ? [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), ...jestArgs] : jestArgs,
    () => {
      const result = readJson(report);
      if (!result) return;
      totals.passed += result.numPassedTests;
      totals.failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
      totals.skipped += result.numPendingTests + result.numTodoTests;
    },
    env,
  );
}

// Unit, component and integration tests, the latter on PGlite; then, against a real PostgreSQL when
// TEST_DATABASE_URL names one (.ci/run starts a throw-away cluster), the integration tests once more,
// the database fault tests, and the tests that run several built instances of the app.
jest('jest', ['--selectProjects', 'unit', 'integration', 'security'], jestEnv);
// The database's own tests once more with PGlite's public `query` instead of named statements, which rely
// on PGlite's private members (server/private/pglite.mjs).
jest('jest-pglite-unnamed', ['--selectProjects', 'integration', '--', 'tests/integration/database'], {
  ...jestEnv,
  PGLITE_NAMED_STATEMENTS: 'off',
});
buildIfNeeded();
// The first-load JavaScript of `/` and `/chat` within their budgets (bench/budgets.json).
run(process.execPath, [join(root, 'scripts', 'check-bundles.mjs')]);
// The build under each way of running it (npm start, next start, npm run dev).
jest('jest-launchers', ['--selectProjects', 'launchers'], jestEnv);
if (TEST_DATABASE_URL)
  jest('jest-postgres', ['--selectProjects', 'integration', 'faults', 'instances'], { ...jestEnv, TEST_DATABASE_URL });

const e2eReport = join(results, 'e2e.json');
process.env.PLAYWRIGHT_JSON_OUTPUT_FILE = e2eReport;
run(bin('playwright'), ['test'], () => {
  const report = readJson(e2eReport);
  if (!report) return;
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
});
// TEST_SECOND_NODE names another Node binary (.ci/run: Node 22 beside 24): the unit, component, security
// and integration tests (PGlite) run once more on it.
const secondNode = process.env.TEST_SECOND_NODE;
if (secondNode) {
  const { stdout: version } = spawnSync(secondNode, ['--version'], { encoding: 'utf8' });
  console.log(`\nOn Node ${version.trim()}:`);
  const env = { ...jestEnv, PATH: `${dirname(secondNode)}${delimiter}${process.env.PATH}` };
  jest('jest-second-node', ['--selectProjects', 'unit', 'integration', 'security'], env, secondNode);
}
summary();
