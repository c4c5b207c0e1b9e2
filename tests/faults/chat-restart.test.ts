// The app is restarted while event-stream clients listen: each client reconnects (as EventSource does,
// with the last id it saw) to the restarted app and receives every message it missed, once and in
// order, then the live ones.
import { freePort } from '../../bench/lib/servers.mjs';
import { sseReader, until } from '../support/sse';
import { createChatRoom, dropChatRoom, sql } from '../support/pg';
import { instances } from '../instances/instances';

jest.setTimeout(180_000);

type Message = { id: number; text: string };
const servers = instances();
// Every poster comes from this machine's address, which keys the guests' limit: room for all of them.
const POSTERS = { CHAT_POSTS_PER_WINDOW: '1000' };
let room: string;

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
        const response = await fetch(`${origin}/api/chat/${room}/events`, {
          headers: { 'last-event-id': lastId },
          signal: controller.signal,
        });
        if (response.status !== 200) throw new Error(`status ${response.status}`);
        connections += 1;
        const reader = sseReader(response.body!);
        const drain = () => {
          for (const event of reader.events.splice(0)) {
            lastId = event.id!;
            events.push({ id: Number(event.id), text: (JSON.parse(event.data) as Message).text });
          }
        };
        while (!stopped && !(await reader.ended(200))) drain();
        drain();
      } catch {
        // Not reachable (restarting): try again shortly, as EventSource does after `retry`.
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
    headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${poster}` },
    body: JSON.stringify({ text, name: `Poster ${poster}` }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { message: Message }).message;
}

afterAll(async () => {
  await servers.stopAll();
  if (room) await dropChatRoom(room);
});

it('reconnects every client to the restarted app with every missed message, once and in order', async () => {
  const port = await freePort();
  const app = await servers.start('app', { port, env: POSTERS });
  room = await createChatRoom();
  const origin = app.origin;
  const first = await post(origin, 'before 0', 1);
  const clients = [follow(origin, first.id), follow(origin, first.id), follow(origin, first.id)];
  const expected: string[] = [];
  for (let i = 1; i <= 4; i++) {
    await post(origin, `before ${i}`, 1 + i);
    expected.push(`before ${i}`);
  }
  await until(() => clients.every((c) => c.texts().length === 4), true, 15_000);

  // The app goes away; meanwhile messages reach the room another way (another instance would write
  // them just like this), and nobody notifies this app.
  await app.stop();
  for (let i = 0; i < 5; i++) {
    await sql(`insert into chat_messages (room, author_name, body) values ($1, 'Elsewhere', $2)`, [
      room,
      `while down ${i}`,
    ]);
    expected.push(`while down ${i}`);
  }

  await servers.start('app restarted', { port, env: POSTERS });
  await until(() => clients.every((c) => c.texts().length === 9), true, 30_000);
  for (let i = 0; i < 3; i++) {
    await post(origin, `after ${i}`, 20 + i);
    expected.push(`after ${i}`);
  }
  await until(() => clients.every((c) => c.texts().length === 12), true, 15_000);

  for (const client of clients) {
    expect(client.texts()).toEqual(expected);
    const ids = client.ids();
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(client.connections()).toBeGreaterThanOrEqual(2);
  }
  await Promise.all(clients.map((client) => client.stop()));
});
