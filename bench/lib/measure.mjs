// Load runs with autocannon. Every target is warmed up first; then the targets are measured in
// interleaved rounds and each figure is the median over the rounds, so that a burst of noise on this
// shared 2-core machine (or the JIT still warming up) does not land on one target only.
import { randomUUID } from 'node:crypto';
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
    duration: positiveInt('BENCH_DURATION', 5),
    warmup: positiveInt('BENCH_WARMUP', 3),
    rounds: positiveInt('BENCH_ROUNDS', 3),
  };
}

const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function run({ url, method = 'GET', headers = {}, body, uniqueRequestKey = false, ...own }, connections, duration) {
  // A fresh requestKey per request, so that a create is measured, not an idempotent replay.
  const requests = uniqueRequestKey
    ? [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ ...JSON.parse(body), requestKey: randomUUID() }),
          }),
        },
      ]
    : undefined;
  return autocannon({
    url,
    method,
    headers,
    body,
    connections: own.connections ?? connections,
    duration,
    timeout: 10,
    ...(requests && { requests }),
  });
}

function countStatuses(results) {
  const counts = {};
  for (const { statusCodeStats } of results) {
    for (const [code, { count }] of Object.entries(statusCodeStats ?? {})) counts[code] = (counts[code] ?? 0) + count;
  }
  return counts;
}

/**
 * Measures every target (`{ label, request }`; `request.connections` overrides the settings') and answers a
 * map label → figures. Non-2xx answers and socket errors are counted, never measured as successes: the
 * caller checks them.
 */
export async function measureAll(targets, { connections, duration, warmup, rounds }, onProgress = () => {}) {
  const runs = new Map(targets.map(({ label }) => [label, []]));
  for (const { label, request } of targets) {
    onProgress(`warming up ${label}`);
    runs.get(label).push({ warm: true, result: await run(request, connections, warmup) });
  }
  for (let i = 1; i <= rounds; i++) {
    for (const { label, request } of targets) {
      const result = await run(request, connections, duration);
      onProgress(`round ${i}/${rounds} ${label}: ${round(result.requests.average, 1)} req/s`);
      runs.get(label).push({ warm: false, result });
    }
  }
  return new Map(
    [...runs].map(([label, all]) => {
      const measured = all.filter((r) => !r.warm).map((r) => r.result);
      const everything = all.map((r) => r.result);
      return [
        label,
        {
          rps: round(median(measured.map((r) => r.requests.average)), 1),
          p50_ms: round(median(measured.map((r) => r.latency.p50))),
          p99_ms: round(median(measured.map((r) => r.latency.p99))),
          rounds_rps: measured.map((r) => round(r.requests.average, 1)),
          requests: measured.reduce((sum, r) => sum + r.requests.total, 0),
          non2xx: everything.reduce((sum, r) => sum + r.non2xx, 0),
          errors: everything.reduce((sum, r) => sum + r.errors, 0),
          statusCodes: countStatuses(everything),
        },
      ];
    }),
  );
}
