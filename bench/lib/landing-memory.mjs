// The landing pages under load, for memory (issue 18's "landing under load"): a fresh instance, then
// BENCH_LANDING_CONNECTIONS (50) connections asking for `/` and `/de` in turn for BENCH_LANDING_DURATION s
// (10); the server's RSS is read from /proc before and (peak, every 250 ms) during the run.
import autocannon from 'autocannon';
import { numberSetting, serverRss } from './chat-fanout.mjs';

export function landingSettings() {
  return {
    connections: numberSetting('BENCH_LANDING_CONNECTIONS', 50),
    duration: numberSetting('BENCH_LANDING_DURATION', 10),
  };
}

const mb = (bytes) => Math.round((bytes ?? 0) / 1024 / 1024);

export async function measureLandingMemory(app, { connections, duration }) {
  // Warm both pages (the first answer after a start may be a render).
  for (const path of ['/', '/de']) await (await fetch(app.origin + path)).arrayBuffer();
  const rssBefore = serverRss(app.pid);
  let rssPeak = rssBefore ?? 0;
  const timer = setInterval(() => (rssPeak = Math.max(rssPeak, serverRss(app.pid) ?? 0)), 250);
  const result = await autocannon({
    url: app.origin,
    connections,
    duration,
    requests: [
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/de' },
    ],
  });
  clearInterval(timer);
  rssPeak = Math.max(rssPeak, serverRss(app.pid) ?? 0);
  return {
    connections,
    duration_s: duration,
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx,
    rss_before_mb: mb(rssBefore),
    rss_peak_mb: mb(rssPeak),
  };
}
