// 20 concurrent posters × 500 chat messages through the JSON API on a real PostgreSQL: each message is
// stored once and delivered once, in id order, to every listener; each poster's messages in the order
// they were sent.
import type { NextRequest } from 'next/server';
import { sseReader } from '../support/sse';
import { createChatRoom, dropChatRoom, sql } from '../support/pg';

jest.setTimeout(600_000);

const POSTERS = 20;
const EACH = 500;
const ORIGIN = 'http://localhost:3000';
type Message = { id: number; text: string; author: { name: string } };

let app: {
  post: (request: NextRequest, context: { params: Promise<{ room: string }> }) => Promise<Response>;
  events: (request: NextRequest, context: { params: Promise<{ room: string }> }) => Promise<Response>;
  NextRequest: typeof NextRequest;
  /** Opens (and migrates) the database. */
  ready: () => Promise<unknown>;
  close: () => Promise<void>;
};

beforeAll(async () => {
  process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  // The per-poster limit is the subject of other tests; here every poster sends as fast as it can.
  process.env.CHAT_POSTS_PER_WINDOW = String(EACH * 2);
  const [{ POST }, { GET }, { NextRequest }, db] = await Promise.all([
    import('@/app/api/chat/[room]/messages/route'),
    import('@/app/api/chat/[room]/events/route'),
    import('next/server'),
    import('@/lib/db'),
  ]);
  app = {
    post: POST,
    events: GET,
    NextRequest,
    ready: db.database,
    close: db.closeDatabase,
  };
});

afterAll(() => app?.close());

it(`stores and delivers ${POSTERS} × ${EACH} concurrent messages once each, in order`, async () => {
  await app.ready();
  const room = await createChatRoom();
  const listeners = await Promise.all(
    [1, 2].map(async (n) => {
      const controller = new AbortController();
      const response = await app.events(
        new app.NextRequest(`${ORIGIN}/api/chat/${room}/events`, {
          headers: { 'x-forwarded-for': `203.0.113.${n}` },
          signal: controller.signal,
        }),
        {
          params: Promise.resolve({ room }),
        },
      );
      expect(response.status).toBe(200);
      const reader = sseReader(response.body!);
      // Reading all along, as a browser does (a reader that stops is cut off at 512 KB).
      return { reader, all: reader.take(POSTERS * EACH, 300_000), abort: () => controller.abort() };
    }),
  );

  await Promise.all(
    Array.from({ length: POSTERS }, async (_, poster) => {
      for (let i = 0; i < EACH; i++) {
        const response = await app.post(
          new app.NextRequest(`${ORIGIN}/api/chat/${room}/messages`, {
            method: 'POST',
            body: JSON.stringify({ text: `${poster}:${i}`, name: `P${poster}` }),
            headers: {
              origin: ORIGIN,
              'content-type': 'application/json',
              'x-forwarded-for': `198.51.100.${poster + 1}`,
            },
          }),
          { params: Promise.resolve({ room }) },
        );
        expect(response.status).toBe(201);
      }
    }),
  );

  const rows = await sql<{ id: number; body: string }>(
    `select id, body from chat_messages where room = $1 order by id`,
    [room],
  );
  expect(rows).toHaveLength(POSTERS * EACH);
  expect(new Set(rows.map((row) => row.body)).size).toBe(POSTERS * EACH);
  const ids = rows.map((row) => String(row.id));
  for (const { reader, all, abort } of listeners) {
    const events = await all;
    expect(events.map((event) => event.id)).toEqual(ids);
    expect(await reader.settle(500)).toHaveLength(POSTERS * EACH);
    const messages = events.map((event) => JSON.parse(event.data) as Message);
    for (let poster = 0; poster < POSTERS; poster++) {
      const own = messages.filter((m) => m.author.name === `P${poster}`).map((m) => Number(m.text.split(':')[1]));
      expect(own).toEqual(Array.from({ length: EACH }, (_, i) => i));
    }
    abort();
  }
  await dropChatRoom(room);
});
