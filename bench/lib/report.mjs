// Console output and the machine description stored with the results.
import os from 'node:os';

export function machine({ connections, duration, rounds }) {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    total_mem_gb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${os.release()} ${process.arch}`,
    date: new Date().toISOString(),
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
    console.warn(`⚠ 1-minute load average is ${load.toFixed(2)} on ${cpus} CPUs: other processes (or a build just run) may skew the numbers.`);
  }
}

export function table(headers, rows) {
  const cells = [headers, ...rows.map((row) => row.map((cell) => (cell === undefined || cell === null ? '—' : String(cell))))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function printResults(results, bundleDetails) {
  console.log('\nScenarios');
  console.log(
    table(
      ['scenario', 'path', 'req/s', 'p50 ms', 'p99 ms', 'baseline', 'base req/s', 'ratio', 'limit req/s', 'ratio limit', 'non2xx'],
      results.scenarios.map((s) => [s.name, s.path, s.rps, s.p50_ms, s.p99_ms, s.baseline, s.baseline_rps, s.ratio, s.limit_rps, s.ratio_limit, s.non2xx]),
    ),
  );
  console.log('\nBaselines');
  console.log(table(['baseline', 'req/s', 'p50 ms', 'p99 ms'], Object.entries(results.baselines).map(([name, b]) => [name, b.rps, b.p50_ms, b.p99_ms])));
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
        ['subscribers', 'msg/s', 's', 'stored', 'deliveries', 'lost', 'dup', 'p50 ms', 'p99 ms', 'max ms', 'RSS MB (idle → peak)'],
        [[c.subscribers, c.rate_per_s, c.duration_s, c.stored, c.deliveries, c.lost, c.duplicated, c.p50_ms, c.p99_ms, c.max_ms, `${c.rss_before_mb} → ${c.rss_peak_mb}`]],
      ),
    );
  }
  if (results.conversations) printConversations(results.conversations);
  console.log('\nBudgets (reported, never failing)');
  for (const budget of results.budgets) console.log(`  ${budget.ok ? '✓' : '✗'} ${budget.name}: ${budget.actual}`);
  const m = results.machine;
  console.log(`\n${m.cpus}× ${m.cpu_model}, ${m.total_mem_gb} GB, Node ${m.node}, ${m.platform}; ${m.connections} connections, ${m.rounds} interleaved rounds of ${m.duration_s} s per target (medians)`);
}

/** The conversations' load: delivery to the visitor's own stream and to the owner's inbox. */
export function printConversations(c) {
  console.log(`\nConversations (${c.visitors} visitors, one message each every ${c.period_s} s = ${c.rate_per_s}/s, ${c.duration_s} s; RSS ${c.rss_before_mb} → ${c.rss_peak_mb} MB)`);
  console.log(
    table(
      ['stream', 'stored', 'deliveries', 'lost', 'dup', 'p50 ms', 'p99 ms', 'max ms'],
      ['visitor', 'inbox'].map((side) => [side, c.stored, c[side].deliveries, c[side].lost, c[side].duplicated, c[side].p50_ms, c[side].p99_ms, c[side].max_ms]),
    ),
  );
}
