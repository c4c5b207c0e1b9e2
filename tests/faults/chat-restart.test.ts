// The app is restarted while event-stream clients listen: each client reconnects (as EventSource does,
// with the last id it saw) to the restarted app and receives every message it missed, once and in
// order, then the live ones.
import { randomBytes } from 'node:crypto';
import { root, startNext, freePort, type StartedServer } from '../../bench/lib/servers.mjs';

jest.setTimeout(180_000);

type Message = { id: number; text: string };
// A room of its own (a widget's), so that other tests on the same database cannot interleave.
const room = randomBytes(12).toString('base64url');
let app: StartedServer | null = null;
let port: number;

function start(label: string) {
  return startNext({
    label,
    dir: root,
    readyPath: '/api/health',
    viaStartScript: true,
    port,
    env: { DATABASE_URL: process.env.TEST_DATABASE_URL!, FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!, SESSION_SECRET: process.env.SESSION_SECRET! },
  });
}

async function sql(text: string, values: unknown[] = []) {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** An EventSource-like client: reads the room's stream and reconnects with Last-Event-ID whenever it ends. */
function follow(origin: string, fromId: number) {
  const events: Array<{ id: number; text: string }> = [];
  let lastId = String(fromId);
  let stopped = false;
  let connections = 0;
  const controller = new AbortController();
  const loop = (async () => {
    while (!stopped) {
      try {
        const response = await fetch(`${origin}/api/chat/${room}/events`, { headers: { 'last-event-id': lastId }, signal: controller.signal });
        if (response.status !== 200) throw new Error(`status ${response.status}`);
        connections += 1;
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: ?(.*)$/m.exec(block)?.[1];
            const data = /^data: ?(.*)$/m.exec(block)?.[1];
            if (!id || data === undefined) continue;
            lastId = id;
            events.push({ id: Number(id), text: (JSON.parse(data) as Message).text });
          }
        }
      } catch {
        // Cut off or not reachable (restarting): try again shortly, as EventSource does after `retry`.
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    texts: () => events.map((e) => e.text),
    ids: () => events.map((e) => e.id),
    connections: () => connections,
    stop: async () => {
      stopped = true;
      controller.abort();
      await loop;
    },
  };
}

async function post(origin: string, text: string, poster: number) {
  const response = await fetch(`${origin}/api/chat/${room}/messages`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', cookie: `chat_guest=restart-${poster}`, 'x-forwarded-for': `198.51.100.${poster}` },
    body: JSON.stringify({ text, name: `Poster ${poster}` }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { message: Message }).message;
}

async function until(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

afterAll(async () => {
  await app?.stop();
  await sql('delete from chat_messages where room = $1', [room]).catch(() => {});
  await sql('delete from widgets where id = $1', [room]).catch(() => {});
});

it('reconnects every client to the restarted app with every missed message, once and in order', async () => {
  port = await freePort();
  app = await start('app');
  await sql(
    `insert into widgets (id, uid, name, allowed_origins, accent_color, locale, request_key) values ($1, 'restart-test', 'Restart', '[]', '#4338ca', 'en', $1)`,
    [room],
  );
  const origin = app.origin;
  const first = await post(origin, 'before 0', 1);
  const clients = [follow(origin, first.id), follow(origin, first.id), follow(origin, first.id)];
  const expected: string[] = [];
  for (let i = 1; i <= 4; i++) {
    await post(origin, `before ${i}`, 1 + i);
    expected.push(`before ${i}`);
  }
  await until(() => clients.every((c) => c.texts().length === 4), 15_000, 'the first messages');

  // The app goes away; meanwhile messages reach the room another way (another instance would write
  // them just like this), and nobody notifies this app.
  await app.stop();
  app = null;
  for (let i = 0; i < 5; i++) {
    await sql(`insert into chat_messages (room, author_name, body) values ($1, 'Elsewhere', $2)`, [room, `while down ${i}`]);
    expected.push(`while down ${i}`);
  }

  app = await start('app restarted');
  await until(() => clients.every((c) => c.texts().length === 9), 30_000, 'the missed messages');
  for (let i = 0; i < 3; i++) {
    await post(origin, `after ${i}`, 20 + i);
    expected.push(`after ${i}`);
  }
  await until(() => clients.every((c) => c.texts().length === 12), 15_000, 'the live messages');

  for (const client of clients) {
    expect(client.texts()).toEqual(expected);
    const ids = client.ids();
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(client.connections()).toBeGreaterThanOrEqual(2);
  }
  await Promise.all(clients.map((client) => client.stop()));
});
