// npm test: lint and type check, unit and component tests (Jest), then a production build and the
// end-to-end suite (Playwright) against it. Ends with one line counting every test of both runners.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

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

function run(command, args, count) {
  console.log(`\n▶ ${[command.split('/').pop(), ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  count?.();
  if (result.status !== 0) {
    if (count) summary();
    process.exit(result.status ?? 1);
  }
}

mkdirSync(results, { recursive: true });
run(bin('eslint'), ['.']);
run(bin('next'), ['typegen']);
run(bin('tsc'), ['--noEmit']);

const jestReport = join(results, 'jest.json');
run(bin('jest'), ['--ci', '--json', `--outputFile=${jestReport}`], () => {
  const report = readJson(jestReport);
  if (!report) return;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += report.numPendingTests + report.numTodoTests;
});

buildIfNeeded();

const e2eReport = join(results, 'e2e.json');
process.env.PLAYWRIGHT_JSON_OUTPUT_FILE = e2eReport;
run(bin('playwright'), ['test'], () => {
  const report = readJson(e2eReport);
  if (!report) return;
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
});
summary();
