// Private conversations under load: V visitors, each in a conversation of their own and holding their
// event stream, send a message every P seconds for D seconds while O operators hold the inbox stream
// (one account with O streams open: one workspace's operators) and answer, each one waiting visitor
// every A seconds. Measures the delivery latency (from sending the POST to the event's arrival) to the
// visitor's stream and to every inbox stream, lost and duplicated deliveries (by message id), the
// server's RSS (and per visitor stream: the growth from opening them) and the CPU both sides used.
import { Agent, request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { numberSetting, openStream, percentile, serverPid, serverRss } from './chat-fanout.mjs';

export function conversationSettings() {
  return {
    visitors: numberSetting('BENCH_CONVERSATIONS_VISITORS', 500),
    operators: numberSetting('BENCH_CONVERSATIONS_OPERATORS', 10),
    periodS: numberSetting('BENCH_CONVERSATIONS_PERIOD', 10),
    answerS: numberSetting('BENCH_CONVERSATIONS_ANSWER_PERIOD', 1),
    duration: numberSetting('BENCH_CONVERSATIONS_DURATION', 30),
  };
}

/** Environment for the app under test: every visitor and operator comes from 127.0.0.1. */
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

/**
 * An event stream; `onMessage` gets each `message` event's data. Like a browser's EventSource, a stream that
 * ends under it is opened again a second later with the last event id it had (Last-Event-ID), so that only a
 * message the server never sends counts as lost; `reconnects()` says how often that happened.
 */
async function listen(origin, agent, path, headers, onMessage) {
  let lastId;
  let stream;
  let reconnects = 0;
  let closed = false;
  const onEvent = (event, data, id) => {
    if (id !== undefined) lastId = id;
    if (event === 'message') onMessage(JSON.parse(data));
  };
  const open = async () => {
    const resume = lastId === undefined ? {} : { 'last-event-id': lastId };
    stream = await openStream(`${origin}${path}`, agent, { ...headers, ...resume }, onEvent);
    stream.ended.then(() => {
      if (closed) return;
      reconnects++;
      setTimeout(() => open().catch(() => setTimeout(open, 1000)), 1000);
    });
  };
  await open();
  return {
    close: () => {
      closed = true;
      stream.close();
    },
    reconnects: () => reconnects,
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => bytes && Math.round(bytes / 1024 / 1024);
const round = (value) => (value === null || value === undefined ? null : Math.round(value * 10) / 10);

/** CPU seconds (user + system) `pid` has used, from /proc (clock ticks of 10 ms). */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * One side's deliveries: `expected` deliveries of stored messages, `seen` the distinct ones that came,
 * latencies of those that came, and arrivals of an id a stream had already had.
 */
function summary(latencies, expected, seen, duplicates) {
  latencies.sort((a, b) => a - b);
  return {
    deliveries: latencies.length,
    lost: expected - seen,
    duplicated: duplicates,
    p50_ms: round(percentile(latencies, 50)),
    p95_ms: round(percentile(latencies, 95)),
    p99_ms: round(percentile(latencies, 99)),
    max_ms: round(latencies.at(-1)),
  };
}

/** Opens `count` streams `batch` at a time. */
async function openAll(count, batch, open) {
  const streams = [];
  for (let i = 0; i < count; i += batch)
    streams.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, k) => open(i + k)))));
  return streams;
}

export async function measureConversations(app, session, settings, log) {
  const { visitors, operators, periodS, answerS, duration } = settings;
  const run = `bench-${Date.now()}`;
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const pid = serverPid(app.pid);
  const post = (path, body, headers) => call(app.origin, agent, 'POST', path, body, headers);
  const created = await post(
    '/api/widgets',
    { name: 'Bench', allowedOrigins: [], accentColor: '#4338ca', locale: 'en' },
    session.headers,
  );
  if (created.status !== 201) throw new Error(`creating the widget answered ${created.status}`);
  const widgetId = created.body.widget.id;
  const listed = await call(app.origin, agent, 'GET', '/api/workspaces', undefined, session.headers);
  const inbox = `/api/workspaces/${listed.body.workspaces.find((w) => w.personal).id}/inbox`;
  const messagesOf = (conversation) => `/api/widgets/${widgetId}/conversations/${conversation}/messages`;
  const reply = (conversation, text) => post(`${inbox}/${conversation}/messages`, { text }, session.headers);

  // What was sent (by text: an event may come before its POST's answer) and what each stream has had (by id).
  const sent = new Map();
  const latencies = { visitor: [], inbox: [] };
  const duplicates = { visitor: 0, inbox: 0 };
  const waiting = [];
  const arrive = (side, had, data, operator) => {
    const { id, text } = data.message;
    const message = sent.get(text);
    if (!message) return;
    if (had.has(id)) return duplicates[side]++;
    had.add(id);
    latencies[side].push(performance.now() - message.at);
    // The first operator stream to show a visitor's message puts it in the queue of those to answer.
    if (operator === 0 && message.from === 'visitor') waiting.push(message.person);
  };
  // The operators are there first, as in the day's work: the visitors' first messages then mail nobody.
  log(`opening ${operators} inbox streams of one account`);
  const inboxes = await openAll(operators, operators, async (o) => {
    const had = new Set();
    const stream = await listen(app.origin, agent, `${inbox}/events`, session.headers, (data) =>
      arrive('inbox', had, data, o),
    );
    return { stream, had };
  });
  log(`starting ${visitors} visitors, each with a conversation`);
  const people = await openAll(visitors, 25, async (v) => {
    const started = await post(`/api/widgets/${widgetId}/visitors`, {});
    if (started.status !== 201) throw new Error(`a new visitor answered ${started.status}`);
    const headers = { authorization: `Bearer ${started.body.token}` };
    const first = await post(`/api/widgets/${widgetId}/conversations`, { text: `warm-up ${v}` }, headers);
    if (first.status !== 201) throw new Error(`a new conversation answered ${first.status}`);
    return { headers, conversation: first.body.conversation.id };
  });
  await sleep(2000);
  const rssIdle = serverRss(app.pid);

  log(`opening ${visitors} visitor streams`);
  const visitorStreams = await openAll(visitors, 50, async (v) => {
    const had = new Set();
    const path = `/api/widgets/${widgetId}/events`;
    const stream = await listen(app.origin, agent, path, people[v].headers, (data) => arrive('visitor', had, data));
    people[v].had = had;
    return stream;
  });
  // Warm-up (not measured): the first messages and replies load the routes' code and compile their queries.
  for (let i = 0; i < Math.min(visitors, 50); i++) {
    await post(messagesOf(people[i].conversation), { text: `warm-up message ${i}` }, people[i].headers);
    if (i % 5 === 0) await reply(people[i].conversation, `warm-up reply ${i}`);
  }
  await sleep(2000);
  const rssOpen = serverRss(app.pid);

  const rate = visitors / periodS;
  const total = Math.round(rate * duration);
  log(
    `each visitor sends a message every ${periodS} s (${rate}/s in all) for ${duration} s; ` +
      `each operator answers a waiting visitor every ${answerS} s`,
  );
  let rssPeak = rssOpen ?? 0;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, serverRss(app.pid) ?? 0)), 1000);
  const statuses = { visitor: {}, operator: {} };
  const stored = [];
  const send = (from, person, text, request) => {
    sent.set(text, { at: performance.now(), from, person });
    const count = (status) => (statuses[from][status] = (statuses[from][status] ?? 0) + 1);
    return request().then(
      ({ status, body }) => {
        count(status);
        if (status === 201) stored.push({ id: body.message.id, person });
      },
      (error) => count(error.code ?? 'error'),
    );
  };
  const posts = [];
  const cpuStart = { server: cpuSeconds(pid), client: process.cpuUsage() };
  const start = performance.now();
  let answers = 0;
  const answering = Array.from({ length: operators }, (_, o) =>
    setInterval(() => {
      const person = waiting.shift();
      if (person === undefined) return;
      const text = `${run} r${answers++} o${o}`;
      posts.push(send('operator', person, text, () => reply(people[person].conversation, text)));
    }, answerS * 1000),
  );
  for (let seq = 0; seq < total; seq++) {
    const due = start + (seq * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const person = seq % visitors;
    const text = `${run} v${seq}`;
    posts.push(
      send('visitor', person, text, () =>
        post(messagesOf(people[person].conversation), { text }, people[person].headers),
      ),
    );
  }
  answering.forEach(clearInterval);
  await Promise.all(posts);
  const elapsed = (performance.now() - start) / 1000;
  const { user, system } = process.cpuUsage(cpuStart.client);
  const serverCpu = cpuSeconds(pid) - cpuStart.server;
  // Cores used, and the server's CPU per stored message: the second holds on a host shared with other work.
  const cpu = {
    server: Math.round((serverCpu / elapsed) * 100) / 100,
    client: Math.round(((user + system) / 1e6 / elapsed) * 100) / 100,
    server_ms_per_message: Math.round((serverCpu * 10_000) / Math.max(stored.length, 1)) / 10,
  };
  const complete = () =>
    stored.every(({ id, person }) => people[person].had.has(id) && inboxes.every(({ had }) => had.has(id)));
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline && !complete()) await sleep(100);
  clearInterval(rssTimer);
  rssPeak = Math.max(rssPeak, serverRss(app.pid) ?? 0);
  const count = (streams) => streams.reduce((sum, stream) => sum + stream.reconnects(), 0);
  const reconnects = { visitor: count(visitorStreams), inbox: count(inboxes.map(({ stream }) => stream)) };
  for (const stream of [...visitorStreams, ...inboxes.map(({ stream }) => stream)]) stream.close();
  agent.destroy();

  let seenByVisitors = 0;
  let seenByInboxes = 0;
  for (const { id, person } of stored) {
    if (people[person].had.has(id)) seenByVisitors++;
    for (const { had } of inboxes) if (had.has(id)) seenByInboxes++;
  }
  return {
    visitors,
    operators,
    period_s: periodS,
    answer_period_s: answerS,
    rate_per_s: rate,
    duration_s: duration,
    posted: total + answers,
    stored: stored.length,
    answers,
    post_statuses: statuses,
    visitor: {
      ...summary(latencies.visitor, stored.length, seenByVisitors, duplicates.visitor),
      reconnects: reconnects.visitor,
    },
    inbox: {
      ...summary(latencies.inbox, stored.length * operators, seenByInboxes, duplicates.inbox),
      reconnects: reconnects.inbox,
    },
    rss_before_mb: mb(rssIdle),
    rss_open_mb: mb(rssOpen),
    rss_peak_mb: mb(rssPeak),
    rss_per_stream_kb: rssOpen && rssIdle && Math.round((rssOpen - rssIdle) / 1024 / visitors),
    elapsed_s: Math.round(elapsed),
    cpu_cores: cpu,
  };
}
