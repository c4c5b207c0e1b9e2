// The live chat under load: N subscribers hold an event stream of the lobby on one app instance while
// M messages per second are posted for D seconds. Measures delivery latency (from sending the POST to
// the event's arrival at each subscriber), lost and duplicated deliveries, and the server's RSS.
import { Agent, request as httpRequest } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export const numberSetting = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export function chatSettings() {
  return {
    subscribers: numberSetting('BENCH_CHAT_SUBSCRIBERS', 1000),
    rate: numberSetting('BENCH_CHAT_RATE', 20),
    duration: numberSetting('BENCH_CHAT_DURATION', 30),
  };
}

/** Environment for the app under test: every subscriber and poster comes from 127.0.0.1. */
export const chatServerEnv = (subscribers) => ({
  CHAT_STREAMS_PER_IP: String(subscribers + 100),
  CHAT_POSTS_PER_WINDOW: '100000',
});

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The pid of `pid`'s descendant whose command line names the Next.js server, else `pid` itself. */
export function serverPid(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const descendants = [pid];
  for (let i = 0; i < descendants.length; i++)
    for (const [child, parent] of children) if (parent === descendants[i]) descendants.push(child);
  const named = descendants.find((p) => {
    try {
      return /scripts[/\\]server\.mjs|server[/\\]server\.mjs|bare-conversations\.mjs|next-server|next[/\\]dist[/\\]bin[/\\]next/.test(
        readFileSync(`/proc/${p}/cmdline`, 'utf8'),
      );
    } catch {
      return false;
    }
  });
  return named ?? pid;
}

/** RSS in bytes of the Next.js server under `pid` (see serverPid). */
export function serverRss(pid) {
  try {
    const status = readFileSync(`/proc/${serverPid(pid)}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
  } catch {
    return null;
  }
}

/** One event-stream subscriber of the lobby; `onEvent` gets each event's data. */
function subscribe(origin, agent, onEvent) {
  return openStream(`${origin}/api/chat/lobby/events`, agent, {}, (event, data) => onEvent(data));
}

/** An event stream, parsing frames as they arrive: `onEvent(event name, data)` for each. */
export function openStream(url, agent, headers, onEvent) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const data = lines.find((line) => line.startsWith('data: '));
          const name = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
          const id = lines.find((line) => line.startsWith('id: '))?.slice(4);
          if (data) onEvent(name, data.slice(6), id);
        }
      });
      // `ended` settles when the server ends the stream or its connection breaks, not when the bench closes it.
      let closing = false;
      const ended = new Promise((resolveEnd) => response.on('close', () => !closing && resolveEnd()));
      resolve({
        close: () => {
          closing = true;
          req.destroy();
        },
        ended,
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function post(origin, agent, body, headers) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${origin}/api/chat/lobby/messages`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', origin, ...headers } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureChatFanout(app, { subscribers, rate, duration }, log) {
  const run = `bench-${Date.now()}`;
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const sentAt = new Map();
  const received = Array.from({ length: subscribers }, () => new Set());
  const latencies = [];
  let duplicates = 0;

  log(`opening ${subscribers} event streams`);
  const streams = [];
  for (let i = 0; i < subscribers; i += 50) {
    const batch = [];
    for (let s = i; s < Math.min(subscribers, i + 50); s++) {
      batch.push(
        subscribe(app.origin, agent, (data) => {
          const message = JSON.parse(data);
          if (!message.text.startsWith(run)) return;
          const seq = Number(message.text.slice(run.length + 1));
          const now = performance.now();
          if (received[s].has(seq)) duplicates++;
          else {
            received[s].add(seq);
            latencies.push(now - sentAt.get(seq));
            if (process.env.BENCH_CHAT_TRACE) (globalThis.__trace ??= []).push([seq, now - sentAt.get(seq)]);
          }
        }),
      );
    }
    streams.push(...(await Promise.all(batch)));
  }
  await sleep(1000);
  // Warm-up (not measured): the first posts load the route handler's code and compile its queries.
  const warmup = `warmup-${Date.now()}`;
  for (let i = 0; i < rate * 2; i++) {
    await post(app.origin, agent, JSON.stringify({ text: `${warmup} ${i}`, name: 'Warm-up' }));
    await sleep(1000 / rate);
  }
  await sleep(1000);
  const rssBefore = serverRss(app.pid);
  log(`posting ${rate} messages/s for ${duration} s`);

  const total = Math.round(rate * duration);
  const posters = Math.max(10, rate * 5);
  const statuses = {};
  let rssPeak = rssBefore ?? 0;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, serverRss(app.pid) ?? 0)), 1000);
  const start = performance.now();
  const posts = [];
  for (let seq = 0; seq < total; seq++) {
    const due = start + (seq * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    sentAt.set(seq, performance.now());
    // Distinct guests by name; all come from this machine, whose limit chatServerEnv lifts.
    const poster = seq % posters;
    posts.push(
      post(app.origin, agent, JSON.stringify({ text: `${run} ${seq}`, name: `Bench ${poster}` })).then(
        (status) => (statuses[status] = (statuses[status] ?? 0) + 1),
      ),
    );
  }
  await Promise.all(posts);
  // Let the last deliveries arrive.
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline && received.some((set) => set.size < total)) await sleep(100);
  clearInterval(rssTimer);
  rssPeak = Math.max(rssPeak, serverRss(app.pid) ?? 0);
  for (const stream of streams) stream.close();
  agent.destroy();

  const stored = statuses[201] ?? 0;
  const lost = received.reduce((sum, set) => sum + (stored - set.size), 0);
  latencies.sort((a, b) => a - b);
  const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    subscribers,
    rate_per_s: rate,
    duration_s: duration,
    posted: total,
    stored,
    post_statuses: statuses,
    deliveries: latencies.length,
    expected_deliveries: stored * subscribers,
    lost,
    duplicated: duplicates,
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
    max_ms: round(latencies.at(-1) ?? null),
    rss_before_mb: rssBefore && Math.round(rssBefore / 1024 / 1024),
    rss_peak_mb: Math.round(rssPeak / 1024 / 1024),
  };
}
