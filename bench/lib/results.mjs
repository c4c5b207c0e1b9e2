// The figures of a run as bench/results/*.json keeps them: each scenario against its reference, the
// first-load JavaScript against the fixture's, and the budgets they are held to (reported, not enforced).
import { join } from 'node:path';
import { firstLoadJs } from '../bundle-stats.mjs';
import { bundles, scenarios } from '../scenarios.mjs';
import { fixtureDir } from './fixture.mjs';
import { root } from './servers.mjs';

const ratio = (value, reference) => (reference > 0 ? Math.round((value / reference) * 100) / 100 : null);

/** Each scenario's figures beside those of its baseline and of the machine's limit. */
export function scenarioResults(measured, measuredBaselines, limit) {
  return scenarios.map(({ name, path, baseline }) => {
    const result = measured.get(name);
    const reference = measuredBaselines[baseline];
    return {
      name,
      path,
      rps: result.rps,
      p50_ms: result.p50_ms,
      p99_ms: result.p99_ms,
      baseline,
      baseline_rps: reference.rps,
      baseline_p50_ms: reference.p50_ms,
      ratio: ratio(result.rps, reference.rps),
      limit_rps: limit.rps,
      ratio_limit: ratio(result.rps, limit.rps),
      rounds_rps: result.rounds_rps,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  });
}

/** The first-load JavaScript of each page of `bundles` in our build and in the fixture's. */
export function bundleResults() {
  const details = {};
  const results = {};
  for (const { page, appRoute, fixtureRoute, budgetBytes } of bundles) {
    const appJs = firstLoadJs(join(root, '.next'), appRoute);
    const fixtureJs = firstLoadJs(join(fixtureDir, '.next'), fixtureRoute);
    details[page] = { app: appJs, fixture: fixtureJs };
    results[page] = {
      app_gzip_bytes: appJs.gzipBytes,
      fixture_gzip_bytes: fixtureJs.gzipBytes,
      delta_bytes: appJs.gzipBytes - fixtureJs.gzipBytes,
      budget_bytes: budgetBytes,
    };
  }
  return { details, results };
}

/** The throughput and latency goals of the scenarios that set them. */
export function scenarioBudgets(results) {
  return [
    ...scenarios
      .filter(({ minRatio }) => minRatio !== undefined)
      .map(({ name, baseline, minRatio }) => {
        const actual = results.find((s) => s.name === name).ratio;
        const { rps, baseline_rps: reference } = results.find((s) => s.name === name);
        return {
          name: `${name} rps >= ${minRatio}x ${baseline}`,
          ok: actual !== null && actual >= minRatio,
          actual,
          limit: minRatio,
          reference: `${rps} req/s against ${reference} req/s`,
        };
      }),
    ...scenarios
      .filter(({ maxP50Ratio }) => maxP50Ratio !== undefined)
      .map(({ name, baseline, maxP50Ratio }) => {
        const { p50_ms: p50, baseline_p50_ms: reference } = results.find((s) => s.name === name);
        const actual = ratio(p50, reference);
        return {
          name: `${name} p50 <= ${maxP50Ratio}x ${baseline}'s`,
          ok: actual !== null && actual <= maxP50Ratio,
          actual,
          limit: maxP50Ratio,
          reference: `${p50} ms against ${reference} ms`,
        };
      }),
  ];
}

/** Each page's first-load JavaScript beyond the fixture's against its budget. */
export const bundleBudgets = (results) =>
  Object.entries(results).map(([page, b]) => ({
    name: `first-load JS of ${page} within ${b.budget_bytes / 1024} KB gzip of the fixture`,
    ok: b.delta_bytes <= b.budget_bytes,
    actual: b.delta_bytes,
    limit: b.budget_bytes,
  }));
