import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { root, startNext } from '/work/main/bench/lib/servers.mjs';
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const app = await startNext({ label: 'app', dir: root, readyPath: '/api/health', viaStartScript: true, ownSiteUrl: true });
  try {
    const path = process.argv[2] || '/';
    await fetch(app.origin + path);
    const r = await lighthouse(app.origin.replace('127.0.0.1', 'localhost') + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const events = r.artifacts.Trace.traceEvents;
    const main = events.find((e) => e.name === 'TracingStartedInBrowser');
    const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ?? events.find((e) => e.name === 'navigationStart');
    const t0 = nav.ts;
    // main renderer thread: the one with most RunTask durations
    const byThread = new Map();
    for (const e of events) if (e.name === 'RunTask' && e.dur) byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
    const [thread] = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0];
    const onThread = events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X');
    const long = onThread.filter((e) => e.name === 'RunTask' && e.dur > 40000);
    for (const task of long) {
      console.log(`TASK at ${((task.ts - t0) / 1000).toFixed(0)} ms, ${(task.dur / 1000).toFixed(0)} ms`);
      const inside = onThread.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur > 3000);
      const totals = new Map();
      for (const e of inside) totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur);
      for (const [name, dur] of [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`   ${name} ${(dur / 1000).toFixed(0)}`);
      for (const e of inside.filter((e) => ['Layout', 'UpdateLayoutTree', 'Paint', 'ParseAuthorStyleSheet'].includes(e.name)))
        console.log(`     ${e.name} ${(e.dur / 1000).toFixed(1)} ${JSON.stringify({ ...e.args?.beginData, ...e.args?.elementCount && { elementCount: e.args.elementCount } }).slice(0, 200)}`);
      for (const e of inside.filter((e) => ['EvaluateScript', 'v8.compile', 'FunctionCall', 'ParseHTML', 'ParseAuthorStyleSheet'].includes(e.name)).slice(0, 8))
        console.log(`     ${e.name} ${(e.dur / 1000).toFixed(0)} ${JSON.stringify(e.args?.data?.url ?? e.args?.beginData?.url ?? e.args?.data?.functionName ?? '').slice(0, 90)}`);
    }
    console.log('TBT', Math.round(r.lhr.audits['total-blocking-time'].numericValue));
  } finally { await app.stop(); }
} finally { await chrome.kill(); }
