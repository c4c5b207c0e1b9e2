// The event stream as `npm start`'s server serves it: on the Node response (lib/chat/node-stream.ts).
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { database } from '@/lib/db';
import { chatRooms } from '@/lib/db/schema';
import { chatHub } from '@/lib/chat/hub';
import { postMessage, type Room } from '@/lib/chat/service';
import { chatEventsRoute } from '@/lib/chat/node-stream';
import { sseReader, until } from '../support/sse';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const params = chatEventsRoute.match(req.method, req.url);
    if (params) void chatEventsRoute.serve(req, res, params);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function newRoom(): Promise<Room> {
  const id = randomBytes(12).toString('base64url');
  await (await database()).insert(chatRooms).values({ id });
  return { id };
}

it('matches only GET /api/chat/:room/events', () => {
  expect(chatEventsRoute.match('GET', '/api/chat/lobby/events')).toEqual({ room: 'lobby' });
  expect(chatEventsRoute.match('GET', '/api/chat/lobby/events?lastEventId=3')).toEqual({ room: 'lobby' });
  expect(chatEventsRoute.match('POST', '/api/chat/lobby/events')).toBeNull();
  expect(chatEventsRoute.match('GET', '/api/chat/lobby/messages')).toBeNull();
  expect(chatEventsRoute.match('GET', '/api/chat/a/b/events')).toBeNull();
});

it('streams a room with Last-Event-ID resume, and answers refusals as the API does', async () => {
  const room = await newRoom();
  const { message: first } = await postMessage(room, { kind: 'guest', name: 'Ada' }, 'one');
  await postMessage(room, { kind: 'guest', name: 'Ada' }, 'two');
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/chat/${room.id}/events`, {
    headers: { 'last-event-id': String(first.id) },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
  const reader = sseReader(response.body!);
  await postMessage(room, { kind: 'guest', name: 'Ada' }, 'three');
  expect((await reader.take(2)).map((e) => JSON.parse(e.data).text)).toEqual(['two', 'three']);
  controller.abort();
  await until(() => chatHub().count(room.id), 0);

  const missing = await fetch(`${origin}/api/chat/nope/events`, { headers: { 'accept-language': 'de' } });
  expect(missing.status).toBe(404);
  expect((await missing.json()).error.code).toBe('notFound');
});

it('cuts off a client that stops reading instead of buffering for it', async () => {
  const room = await newRoom();
  const socket = connect(Number(new URL(origin).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`GET /api/chat/${room.id}/events HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  await until(() => chatHub().count(room.id), 1);
  // The client reads nothing more: once the kernel's buffers are full the server's own buffer grows,
  // and past its limit the server ends the stream.
  socket.pause();
  const closed = new Promise((resolve) => socket.once('close', resolve));
  const long = 'x'.repeat(2000);
  for (let i = 0; i < 4000 && chatHub().count(room.id) > 0; i++)
    await postMessage(room, { kind: 'guest', name: 'Flood' }, `${i} ${long}`);
  await until(() => chatHub().count(room.id), 0, 10_000);
  socket.resume();
  await closed;
}, 120_000);
