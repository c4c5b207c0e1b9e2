// Private conversations under load: V visitors, each in a conversation of their own and holding their
// event stream, send a message every P seconds for D seconds while one owner's inbox stream receives
// everything. Measures the delivery latency (from sending the POST to the event's arrival) to the
// visitor's own stream and to the inbox, lost and duplicated deliveries, and the server's RSS.
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { numberSetting, openStream, percentile, serverRss } from './chat-fanout.mjs';

export function conversationSettings() {
  return {
    visitors: numberSetting('BENCH_CONVERSATIONS_VISITORS', 500),
    periodS: numberSetting('BENCH_CONVERSATIONS_PERIOD', 10),
    duration: numberSetting('BENCH_CONVERSATIONS_DURATION', 30),
  };
}

/** Environment for the app under test: every visitor comes from 127.0.0.1. */
export const conversationServerEnv = (visitors) => ({
  CHAT_STREAMS_PER_IP: String(visitors + 100),
  CHAT_POSTS_PER_WINDOW: '100000',
  CHAT_VISITORS_PER_HOUR: String(visitors * 10),
});

/** A JSON request; one sent on a kept-alive socket that the server had just closed is sent again (Node's advice). */
function call(origin, agent, method, path, body, headers = {}, retried = false) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${origin}${path}`,
      { method, agent, headers: { 'content-type': 'application/json', origin, ...headers } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: response.statusCode, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', (error) => {
      if (req.reusedSocket && error.code === 'ECONNRESET' && !retried)
        resolve(call(origin, agent, method, path, body, headers, true));
      else reject(error);
    });
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** An event stream; `onMessage` gets each `message` event's data. */
function listen(origin, agent, path, headers, onMessage) {
  return openStream(
    `${origin}${path}`,
    agent,
    headers,
    (event, data) => event === 'message' && onMessage(JSON.parse(data)),
  );
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function summary(latencies, expected, received, duplicates) {
  latencies.sort((a, b) => a - b);
  const round = (value) => (value === null || value === undefined ? null : Math.round(value * 10) / 10);
  return {
    deliveries: latencies.length,
    lost: expected - received,
    duplicated: duplicates,
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
    max_ms: round(latencies.at(-1)),
  };
}

export async function measureConversations(app, session, { visitors, periodS, duration }, log) {
  const run = `bench-${Date.now()}`;
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const created = await call(
    app.origin,
    agent,
    'POST',
    '/api/widgets',
    { name: 'Bench', allowedOrigins: [], accentColor: '#4338ca', locale: 'en' },
    session.headers,
  );
  if (created.status !== 201) throw new Error(`creating the widget answered ${created.status}`);
  const widgetId = created.body.widget.id;
  const listed = await call(app.origin, agent, 'GET', '/api/workspaces', undefined, session.headers);
  const inboxEvents = `/api/workspaces/${listed.body.workspaces.find((w) => w.personal).id}/inbox/events`;

  const sentAt = new Map();
  const seen = { visitor: new Set(), inbox: new Set() };
  const latencies = { visitor: [], inbox: [] };
  const duplicates = { visitor: 0, inbox: 0 };
  const arrive = (side, text) => {
    if (!text.startsWith(run)) return;
    const now = performance.now();
    if (seen[side].has(text)) duplicates[side]++;
    else if (sentAt.has(text)) {
      seen[side].add(text);
      latencies[side].push(now - sentAt.get(text));
    }
  };

  log('opening the owner’s inbox stream');
  const streams = [
    await listen(app.origin, agent, inboxEvents, { cookie: session.headers.cookie }, (data) =>
      arrive('inbox', data.message.text),
    ),
  ];

  log(`starting ${visitors} visitors, each with a conversation and an event stream`);
  const people = [];
  for (let i = 0; i < visitors; i += 25) {
    const batch = [];
    for (let v = i; v < Math.min(visitors, i + 25); v++) {
      batch.push(
        (async () => {
          const started = await call(app.origin, agent, 'POST', `/api/widgets/${widgetId}/visitors`, {});
          if (started.status !== 201) throw new Error(`a new visitor answered ${started.status}`);
          const headers = { authorization: `Bearer ${started.body.token}` };
          const first = await call(
            app.origin,
            agent,
            'POST',
            `/api/widgets/${widgetId}/conversations`,
            { text: `warm-up ${v}` },
            headers,
          );
          if (first.status !== 201) throw new Error(`a new conversation answered ${first.status}`);
          streams.push(
            await listen(app.origin, agent, `/api/widgets/${widgetId}/events`, headers, (data) =>
              arrive('visitor', data.message.text),
            ),
          );
          return { headers, conversation: first.body.conversation.id };
        })(),
      );
    }
    people.push(...(await Promise.all(batch)));
  }
  // Warm-up (not measured): the first messages load the route handler's code and compile its queries.
  for (let i = 0; i < Math.min(visitors, 50); i++) {
    await call(
      app.origin,
      agent,
      'POST',
      `/api/widgets/${widgetId}/conversations/${people[i].conversation}/messages`,
      { text: `warm-up message ${i}` },
      people[i].headers,
    );
  }
  await sleep(2000);
  const rssBefore = serverRss(app.pid);
  const rate = visitors / periodS;
  const total = Math.round(rate * duration);
  log(`each visitor sends a message every ${periodS} s (${rate}/s in all) for ${duration} s`);
  let rssPeak = rssBefore ?? 0;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, serverRss(app.pid) ?? 0)), 1000);
  const statuses = {};
  const posts = [];
  const start = performance.now();
  for (let seq = 0; seq < total; seq++) {
    const due = start + (seq * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const person = people[seq % visitors];
    const text = `${run} ${seq}`;
    sentAt.set(text, performance.now());
    posts.push(
      call(
        app.origin,
        agent,
        'POST',
        `/api/widgets/${widgetId}/conversations/${person.conversation}/messages`,
        { text },
        person.headers,
      ).then(({ status }) => (statuses[status] = (statuses[status] ?? 0) + 1)),
    );
  }
  await Promise.all(posts);
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline && (seen.visitor.size < total || seen.inbox.size < total)) await sleep(100);
  clearInterval(rssTimer);
  rssPeak = Math.max(rssPeak, serverRss(app.pid) ?? 0);
  for (const stream of streams) stream.close();
  agent.destroy();

  const stored = statuses[201] ?? 0;
  return {
    visitors,
    period_s: periodS,
    rate_per_s: rate,
    duration_s: duration,
    posted: total,
    stored,
    post_statuses: statuses,
    visitor: summary(latencies.visitor, stored, seen.visitor.size, duplicates.visitor),
    inbox: summary(latencies.inbox, stored, seen.inbox.size, duplicates.inbox),
    rss_before_mb: rssBefore && Math.round(rssBefore / 1024 / 1024),
    rss_peak_mb: Math.round(rssPeak / 1024 / 1024),
  };
}
