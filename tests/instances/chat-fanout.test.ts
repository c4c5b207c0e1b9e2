// Two app instances (production builds, `npm start`'s script) on one PostgreSQL share a chat room
// through LISTEN/NOTIFY, and a client that loses its instance resumes on another with Last-Event-ID.
import { sseReader } from '../support/sse';
import { instances, type Server } from './instances';
import { createChatRoom } from '../support/pg';

jest.setTimeout(120_000);

type Message = { id: number; text: string };

// A room of its own (tests/support/pg.ts), made once the first instance has migrated the database.
let room: string;

const servers = instances();
// Every poster comes from this machine's address, which keys the guests' limit: room for all of them.
const instance = (label: string) => servers.start(label, { env: { CHAT_POSTS_PER_WINDOW: '1000' } });

async function subscribe(server: Server, lastEventId?: number) {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}/api/chat/${room}/events`, {
    headers: lastEventId ? { 'last-event-id': String(lastEventId) } : {},
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = sseReader(response.body!);
  return {
    ...reader,
    close: () => controller.abort(),
    /** Messages among the first `count` events whose text starts with `prefix`. */
    async texts(count: number, prefix: string) {
      const events = await reader.take(count, 15_000);
      return events.map((e) => (JSON.parse(e.data) as Message).text).filter((text) => text.startsWith(prefix));
    },
  };
}

async function post(server: Server, text: string, poster: number) {
  const response = await fetch(`${server.origin}/api/chat/${room}/messages`, {
    method: 'POST',
    headers: { origin: server.origin, 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${poster}` },
    body: JSON.stringify({ text, name: `Poster ${poster}` }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { message: Message }).message;
}

afterAll(() => servers.stopAll());

it('shares a room between two instances and resumes on the other one after a restart', async () => {
  const [a, b] = await Promise.all([instance('instance A'), instance('instance B')]);
  room = await createChatRoom();
  const run = `run-${Date.now()}`;
  const last = await post(a, `${run} start`, 1);
  const onA = await subscribe(a, last.id);
  const onB = await subscribe(b, last.id);

  const sent: string[] = [];
  for (let i = 0; i < 6; i++) {
    const text = `${run} message ${i}`;
    await post(i % 2 === 0 ? a : b, text, 10 + i);
    sent.push(text);
  }
  expect(await onA.texts(6, run)).toEqual(sent);
  expect(await onB.texts(6, run)).toEqual(sent);
  const ids = onA.events.map((e) => e.id);
  expect(onB.events.map((e) => e.id)).toEqual(ids);

  // Instance A goes away while its client listens; what is posted meanwhile reaches the client when it
  // reconnects (here: to instance B) with the last id it saw.
  onA.close();
  await a.stop();
  const missed = [`${run} while A was down 1`, `${run} while A was down 2`];
  for (const [i, text] of missed.entries()) await post(b, text, 30 + i);
  const resumed = await subscribe(b, Number(ids.at(-1)));
  expect(await resumed.texts(2, run)).toEqual(missed);
  expect(await resumed.settle(500)).toHaveLength(2);

  // A restarted instance serves the room again, live from B.
  const a2 = await instance('instance A restarted');
  const onA2 = await subscribe(a2, Number(resumed.events.at(-1)!.id));
  await post(b, `${run} after the restart`, 40);
  expect(await onA2.texts(1, run)).toEqual([`${run} after the restart`]);
  for (const stream of [onB, resumed, onA2]) stream.close();
});
