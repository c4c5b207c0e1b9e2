// One load run per target with autocannon, after a warm-up run whose numbers are discarded.
import autocannon from 'autocannon';

function positiveInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function loadSettings() {
  return {
    connections: positiveInt('BENCH_CONNECTIONS', 10),
    duration: positiveInt('BENCH_DURATION', 10),
    warmup: positiveInt('BENCH_WARMUP', 3),
  };
}

const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function run({ url, method = 'GET', headers = {}, body }, connections, duration) {
  return autocannon({ url, method, headers, body, connections, duration, timeout: 10 });
}

function countStatuses(results) {
  const counts = {};
  for (const { statusCodeStats } of results) {
    for (const [code, { count }] of Object.entries(statusCodeStats)) counts[code] = (counts[code] ?? 0) + count;
  }
  return counts;
}

/** Non-2xx answers and socket errors are counted, never measured as successes: the caller checks them. */
export async function measure(request, { connections, duration, warmup }) {
  const warm = await run(request, connections, warmup);
  const result = await run(request, connections, duration);
  return {
    rps: round(result.requests.average, 1),
    p50_ms: round(result.latency.p50),
    p99_ms: round(result.latency.p99),
    requests: result.requests.total,
    non2xx: warm.non2xx + result.non2xx,
    errors: warm.errors + result.errors,
    statusCodes: countStatuses([warm, result]),
  };
}
