// Console output, the machine description stored with the results, a quick measure of the host's speed,
// and the history of the last runs.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

/**
 * How fast this host is right now: SHA-256 of 1 MB, repeated, in MB/s (median of 5 short rounds). The
 * host's speed has varied several-fold from day to day, so every run records it next to its figures.
 */
export function hostSpeed() {
  const data = Buffer.alloc(1024 * 1024, 7);
  const rounds = Array.from({ length: 5 }, () => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 40; i++) createHash('sha256').update(data).digest();
    return 40 / (Number(process.hrtime.bigint() - start) / 1e9);
  }).sort((a, b) => a - b);
  return Math.round(rounds[2]);
}

const HISTORY = 12;

/** Keeps `results` as one of the last runs in `dir` and answers them, oldest first. */
export function keepRun(dir, results) {
  const stamp = results.machine.date.replace(/[:.]/g, '-');
  writeFileSync(join(dir, `run-${stamp}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const runs = readdirSync(dir)
    .filter((name) => /^run-.*\.json$/.test(name))
    .sort();
  for (const name of runs.slice(0, -HISTORY)) rmSync(join(dir, name));
  return runs.slice(-HISTORY).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

/** The trend of the last runs: each scenario's ratio with its reference's figure, and the host's speed. */
export function printHistory(runs) {
  const names = [...new Set(runs.flatMap((run) => run.scenarios.map((s) => s.name)))];
  console.log(
    `\nThe last ${runs.length} runs (ratio, and the reference's req/s; host: SHA-256 MB/s at the start → end)`,
  );
  console.log(
    table(
      ['date', 'host', ...names],
      runs.map((run) => [
        run.machine.date.slice(0, 16).replace('T', ' '),
        run.machine.host_speed ? `${run.machine.host_speed.start} → ${run.machine.host_speed.end}` : '—',
        ...names.map((name) => {
          const s = run.scenarios.find((scenario) => scenario.name === name);
          return s ? `${s.ratio} (${s.baseline_rps})` : '—';
        }),
      ]),
    ),
  );
}

export function machine({ connections, duration, rounds }) {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    total_mem_gb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${os.release()} ${process.arch}`,
    date: new Date().toISOString(),
    load_average: Math.round(os.loadavg()[0] * 100) / 100,
    connections,
    duration_s: duration,
    rounds,
  };
}

/** Other work on the machine skews every number; say so rather than silently report it. */
export function warnIfBusy() {
  const [load] = os.loadavg();
  const cpus = os.cpus().length;
  if (load > cpus * 0.5) {
    console.warn(
      `⚠ 1-minute load average is ${load.toFixed(2)} on ${cpus} CPUs: other processes (or a build just run) may skew the numbers.`,
    );
  }
}

export function table(headers, rows) {
  const cells = [
    headers,
    ...rows.map((row) => row.map((cell) => (cell === undefined || cell === null ? '—' : String(cell)))),
  ];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function printResults(results, bundleDetails) {
  console.log('\nScenarios');
  console.log(
    table(
      [
        'scenario',
        'path',
        'req/s',
        'p50 ms',
        'p99 ms',
        'baseline',
        'base req/s',
        'base p50',
        'ratio',
        'limit req/s',
        'ratio limit',
        'non2xx',
      ],
      results.scenarios.map((s) => [
        s.name,
        s.path,
        s.rps,
        s.p50_ms,
        s.p99_ms,
        s.baseline,
        s.baseline_rps,
        s.baseline_p50_ms,
        s.ratio,
        s.limit_rps,
        s.ratio_limit,
        s.non2xx,
      ]),
    ),
  );
  console.log('\nBaselines');
  console.log(
    table(
      ['baseline', 'req/s', 'p50 ms', 'p99 ms'],
      Object.entries(results.baselines).map(([name, b]) => [name, b.rps, b.p50_ms, b.p99_ms]),
    ),
  );
  console.log('\nFirst-load JS (gzip)');
  console.log(
    table(
      ['page', 'app', 'fixture', 'delta', 'budget', 'app raw', 'fixture raw'],
      Object.entries(results.bundles).map(([page, b]) => [
        page,
        kb(b.app_gzip_bytes),
        kb(b.fixture_gzip_bytes),
        kb(b.delta_bytes),
        kb(b.budget_bytes),
        kb(bundleDetails[page].app.rawBytes),
        kb(bundleDetails[page].fixture.rawBytes),
      ]),
    ),
  );
  if (results.chat) {
    const c = results.chat;
    console.log('\nChat fan-out (server-sent events)');
    console.log(
      table(
        [
          'subscribers',
          'msg/s',
          's',
          'stored',
          'deliveries',
          'lost',
          'dup',
          'p50 ms',
          'p99 ms',
          'max ms',
          'RSS MB (idle → peak)',
        ],
        [
          [
            c.subscribers,
            c.rate_per_s,
            c.duration_s,
            c.stored,
            c.deliveries,
            c.lost,
            c.duplicated,
            c.p50_ms,
            c.p99_ms,
            c.max_ms,
            `${c.rss_before_mb} → ${c.rss_peak_mb}`,
          ],
        ],
      ),
    );
  }
  if (results.conversations) printConversations(results.conversations);
  console.log('\nBudgets (reported, never failing)');
  for (const budget of results.budgets)
    console.log(
      `  ${budget.ok ? '✓' : '✗'} ${budget.name}: ${budget.actual}${budget.reference ? ` (${budget.reference})` : ''}`,
    );
  const m = results.machine;
  console.log(
    `\n${m.cpus}× ${m.cpu_model}, ${m.total_mem_gb} GB, Node ${m.node}, ${m.platform}; ${m.connections} connections, ${m.rounds} interleaved rounds of ${m.duration_s} s per target (medians)`,
  );
  if (m.host_speed)
    console.log(
      `Host speed: SHA-256 ${m.host_speed.start} MB/s at the start, ${m.host_speed.end} MB/s at the end (the load average was ${m.load_average})`,
    );
}

/** The conversations' load: delivery to each visitor's stream and to every operator's inbox stream. */
export function printConversations(c) {
  console.log(
    `\nConversations (${c.visitors} visitors, one message each every ${c.period_s} s = ${c.rate_per_s}/s, ` +
      `${c.operators} inbox streams answering ${c.answers} times, ${c.duration_s} s)`,
  );
  console.log(
    `  RSS ${c.rss_before_mb} MB idle → ${c.rss_open_mb} MB with the streams open ` +
      `(${c.rss_per_stream_kb} KB per stream) → ${c.rss_peak_mb} MB peak; ` +
      `CPU cores used over ${c.elapsed_s} s: server ${c.cpu_cores.server} ` +
      `(${c.cpu_cores.server_ms_per_message} ms per message), bench client ${c.cpu_cores.client}`,
  );
  console.log(
    table(
      ['streams', 'reconnects', 'stored', 'deliveries', 'lost', 'dup', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [
        ['each visitor’s', 'visitor'],
        [`${c.operators} inboxes`, 'inbox'],
      ].map(([label, side]) => [
        label,
        c[side].reconnects,
        c.stored,
        c[side].deliveries,
        c[side].lost,
        c[side].duplicated,
        c[side].p50_ms,
        c[side].p95_ms,
        c[side].p99_ms,
        c[side].max_ms,
      ]),
    ),
  );
  if (!c.bare) return;
  const ratio = Math.round((c.cpu_cores.server_ms_per_message / c.bare.cpu_cores.server_ms_per_message) * 10) / 10;
  console.log(
    `  bare reference, same load: server ${c.bare.cpu_cores.server} cores ` +
      `(${c.bare.cpu_cores.server_ms_per_message} ms per message; the app ${ratio}×), ` +
      `p99 visitor ${c.bare.visitor.p99_ms} ms, inbox ${c.bare.inbox.p99_ms} ms, ` +
      `lost ${c.bare.visitor.lost + c.bare.inbox.lost}, RSS peak ${c.bare.rss_peak_mb} MB`,
  );
}
