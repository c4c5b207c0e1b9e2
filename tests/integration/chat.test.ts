import { randomBytes } from 'node:crypto';
import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import { GET as events } from '@/app/api/chat/[room]/events/route';
import { GET as history, POST as post } from '@/app/api/chat/[room]/messages/route';
import { database } from '@/lib/db';
import { chatMessages, chatRooms } from '@/lib/db/schema';
import { chatHub } from '@/lib/chat/hub';
import { postMessage, type Room } from '@/lib/chat/service';
import { uniqueAddress } from '../support/addresses';
import { sseReader, until } from '../support/sse';
import { ORIGIN, signedIn } from './signed-in';

type Message = {
  id: number;
  text: string;
  room: string;
  author: { name: string; guest: boolean; host: boolean; avatarUrl: string | null };
};

/** A public room of its own for each test (rows inserted directly, as an operator would). */
async function newRoom(): Promise<Room> {
  const id = randomBytes(12).toString('base64url');
  await (await database()).insert(chatRooms).values({ id });
  return { id };
}

/** Each poster its own address, so that rate limits of one test do not reach the next. */
const nextAddress = uniqueAddress;

function open(room: string, headers: Record<string, string> = {}, query = '') {
  const controller = new AbortController();
  const request = new NextRequest(`${ORIGIN}/api/chat/${room}/events${query}`, {
    headers: { 'x-forwarded-for': '203.0.113.7', ...headers },
    signal: controller.signal,
  });
  return { response: events(request, { params: Promise.resolve({ room }) }), abort: () => controller.abort() };
}

async function subscribe(room: string, headers: Record<string, string> = {}) {
  const { response, abort } = open(room, headers);
  const answer = await response;
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const reader = sseReader(answer.body!);
  return {
    ...reader,
    abort,
    messages: async (count: number) => (await reader.take(count)).map((e) => JSON.parse(e.data) as Message),
  };
}

function send(room: string, body: unknown, headers: Record<string, string> = {}) {
  const request = new NextRequest(`${ORIGIN}/api/chat/${room}/messages`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), ...headers },
  });
  return post(request, { params: Promise.resolve({ room }) });
}

async function seed(room: Room, count: number, prefix = 'm') {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++)
    ids.push((await postMessage(room, { kind: 'guest', name: 'Seeder' }, `${prefix}${i}`)).message.id);
  return ids;
}

async function stored(room: string) {
  const db = await database();
  return db.select().from(chatMessages).where(eq(chatMessages.room, room)).orderBy(chatMessages.id);
}

describe('chat stream', () => {
  it('delivers a posted message to two subscribers, in order, with the message id as the event id', async () => {
    const room = await newRoom();
    const a = await subscribe(room.id);
    const b = await subscribe(room.id);
    for (const text of ['first', 'second', 'third'])
      expect((await send(room.id, { text, name: 'Ada' })).status).toBe(201);
    for (const subscriber of [a, b]) {
      const received = await subscriber.messages(3);
      expect(received.map((m) => m.text)).toEqual(['first', 'second', 'third']);
      expect(subscriber.events.slice(0, 3).map((e) => e.id)).toEqual(received.map((m) => String(m.id)));
      expect(received.every((m, i) => i === 0 || m.id > received[i - 1].id)).toBe(true);
      expect(received[0]).toMatchObject({
        room: room.id,
        author: { name: 'Ada', guest: true, host: false, avatarUrl: null },
      });
    }
    a.abort();
    b.abort();
  });

  it('resumes after Last-Event-ID with exactly the missed messages, then the live ones', async () => {
    const room = await newRoom();
    const ids = await seed(room, 5);
    const stream = await subscribe(room.id, { 'last-event-id': String(ids[1]) });
    expect((await stream.messages(3)).map((m) => m.text)).toEqual(['m3', 'm4', 'm5']);
    await send(room.id, { text: 'live', name: 'Ada' });
    expect((await stream.messages(4))[3].text).toBe('live');
    expect(await stream.settle(300)).toHaveLength(4);
    stream.abort();

    // The same through the query, for a client that reconnects by hand.
    const { response, abort } = open(room.id, {}, `?lastEventId=${ids[3]}`);
    const resumed = sseReader((await response).body!);
    expect((await resumed.take(2)).map((e) => JSON.parse(e.data).text)).toEqual(['m5', 'live']);
    abort();
  });

  it('starts a new subscriber with the latest 50, also for a garbage Last-Event-ID', async () => {
    const room = await newRoom();
    await seed(room, 55);
    for (const lastEventId of [undefined, 'abc', '-1', '1e9', '0', '99999999999999999999', ' ']) {
      const stream = await subscribe(room.id, lastEventId === undefined ? {} : { 'last-event-id': lastEventId });
      const received = await stream.messages(50);
      expect(received[0].text).toBe('m6');
      expect(received[49].text).toBe('m55');
      expect(await stream.settle(100)).toHaveLength(50);
      stream.abort();
    }
  });

  it('sends a comment heartbeat', async () => {
    const room = await newRoom();
    const stream = await subscribe(room.id);
    await stream.comment('heartbeat', 3_000);
    stream.abort();
  });

  it('never lets line breaks in a message or name forge an event or a field', async () => {
    const room = await newRoom();
    const stream = await subscribe(room.id);
    const text = 'hello\n\nid: 999999\nevent: admin\ndata: {"forged":true}\r\n\r\ndata: x\rretry: 1';
    const response = await send(room.id, { text, name: 'Eve\n\nid: 5\ndata: forged' });
    expect(response.status).toBe(201);
    await stream.take(1);
    const events = await stream.settle(300);
    expect(events).toHaveLength(1);
    expect(events[0].event).toBe('message');
    const message = JSON.parse(events[0].data) as Message;
    expect(message.text).toBe(text.trim());
    expect(message.author.name).toBe('Eve id: 5 data: forged');
    expect(events[0].id).toBe(String(message.id));
    stream.abort();
  });

  it('forgets a stream whose client went away, and frees its slot', async () => {
    const room = await newRoom();
    const stream = await subscribe(room.id, { 'x-forwarded-for': '192.0.2.50' });
    await until(() => chatHub().count(room.id), 1);
    stream.abort();
    await until(() => chatHub().count(room.id), 0);
    // The same address can open its whole allowance again.
    const streams = [];
    for (let i = 0; i < 20; i++) streams.push(await subscribe(room.id, { 'x-forwarded-for': '192.0.2.50' }));
    for (const s of streams) s.abort();
  });

  it('caps open streams per address with a translated 429', async () => {
    const room = await newRoom();
    const streams = [];
    for (let i = 0; i < 20; i++) streams.push(await subscribe(room.id, { 'x-forwarded-for': '192.0.2.99' }));
    const refused = await open(room.id, { 'x-forwarded-for': '192.0.2.99', 'accept-language': 'de' }).response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).error).toMatchObject({
      code: 'tooManyStreams',
      message: expect.stringContaining('Chat-Verbindungen'),
    });
    // Another address is not affected.
    const other = await subscribe(room.id, { 'x-forwarded-for': '192.0.2.100' });
    other.abort();
    streams[0].abort();
    await until(async () => (await open(room.id, { 'x-forwarded-for': '192.0.2.99' }).response).status, 200);
    for (const s of streams) s.abort();
  });

  it('closes the stream of a reader that stops reading instead of buffering without bound', async () => {
    const room = await newRoom();
    const { response, abort } = open(room.id);
    const body = (await response).body!;
    await until(() => chatHub().count(room.id), 1);
    // Nobody reads: about 2 KB per message, so 400 messages are well past the stream's limit.
    const long = 'x'.repeat(2000);
    for (let i = 0; i < 400; i++) await postMessage(room, { kind: 'guest', name: 'Flood' }, `${i} ${long}`);
    await until(() => chatHub().count(room.id), 0, 10_000);
    // What was buffered is still readable, then the stream ends; the browser would resume from there.
    const reader = sseReader(body);
    expect(await reader.ended()).toBe(true);
    expect(reader.events.length).toBeGreaterThan(0);
    expect(reader.events.length).toBeLessThan(400);
    abort();
  });

  it('answers 404 for an unknown or malformed room', async () => {
    for (const room of ['no-such-room', 'bad room', 'x'.repeat(65), '..']) {
      expect((await open(room).response).status).toBe(404);
      const listed = await history(new NextRequest(`${ORIGIN}/api/chat/x/messages`), {
        params: Promise.resolve({ room }),
      });
      expect(listed.status).toBe(404);
      expect((await send(room, { text: 'hi', name: 'Ada' })).status).toBe(404);
    }
  });
});

describe('posting', () => {
  it('stores a guest message, strips control characters, remembers the name and signs the guest’s identity in cookies', async () => {
    const room = await newRoom();
    const response = await send(room.id, { text: '  hi\u0000 there\u0007  ', name: ' Ada \u0001 Lovelace ' });
    expect(response.status).toBe(201);
    const { message } = await response.json();
    expect(message).toMatchObject({ text: 'hi there', author: { name: 'Ada Lovelace', guest: true } });
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('chat_name='))).toContain('chat_name=Ada%20Lovelace');
    // The guest's signed identity (what staff mute them by), readable by no script; their limit keys on the address
    // alone.
    expect(cookies.find((c) => c.startsWith('chat_guest='))).toMatch(
      /^chat_guest=[\w-]{22}\.[\w-]{43}; Path=\/api\/chat; .*HttpOnly/i,
    );
  });

  it('posts as the signed-in user', async () => {
    const user = await signedIn('chatter');
    const lobby = await send('lobby', { text: 'Hello everyone', name: 'Ignored' }, { cookie: user.cookie });
    expect(lobby.status).toBe(201);
    const { message } = await lobby.json();
    expect(message.author).toEqual({
      name: user.email.split('@')[0],
      guest: false,
      host: false,
      avatarUrl: `/api/avatars/${user.uid}`,
    });
  });

  it('posts a repeated request key once and answers the first message, per author', async () => {
    const room = await newRoom();
    const user = await signedIn('repeater');
    const other = await signedIn('repeater-other');
    const key = crypto.randomUUID();
    const stream = await subscribe(room.id);

    const first = await send(room.id, { text: 'Only once', requestKey: key }, { cookie: user.cookie });
    expect(first.status).toBe(201);
    const { message } = await first.json();
    // A resend (its answer was lost), by body or header, even with the text edited meanwhile.
    const again = await send(room.id, { text: 'Only once', requestKey: key }, { cookie: user.cookie });
    expect(again.status).toBe(200);
    expect((await again.json()).message).toEqual(message);
    const byHeader = await send(room.id, { text: 'Only once!' }, { cookie: user.cookie, 'idempotency-key': key });
    expect(byHeader.status).toBe(200);
    expect((await byHeader.json()).message.id).toBe(message.id);
    // The key is the author's: another user's message with the same key is their own.
    const theirs = await send(room.id, { text: 'Mine', requestKey: key }, { cookie: other.cookie });
    expect(theirs.status).toBe(201);

    // A guest's first post, resent without the identity cookie its lost answer carried: one message, the same
    // identity issued again.
    const guestKey = crypto.randomUUID();
    const guest = await send(room.id, { text: 'First words', name: 'Ada', requestKey: guestKey });
    const resent = await send(room.id, { text: 'First words', name: 'Ada', requestKey: guestKey });
    expect([guest.status, resent.status]).toEqual([201, 200]);
    expect((await resent.json()).message).toEqual((await guest.json()).message);
    const identity = (response: Response) =>
      response.headers
        .getSetCookie()
        .find((c) => c.startsWith('chat_guest='))
        ?.split(';')[0];
    expect(identity(resent)).toBe(identity(guest));

    expect((await stored(room.id)).map((row) => row.body)).toEqual(['Only once', 'Mine', 'First words']);
    expect((await stream.messages(3)).map((m) => m.text)).toEqual(['Only once', 'Mine', 'First words']);
    expect(await stream.settle(300)).toHaveLength(3);
    stream.abort();
  });

  it('refuses a malformed request key with a field error and writes nothing', async () => {
    const room = await newRoom();
    const inBody = await send(room.id, { text: 'hello', name: 'Ada', requestKey: 'short' });
    expect(inBody.status).toBe(400);
    expect((await inBody.json()).error.fields).toHaveProperty('requestKey');
    const inHeader = await send(room.id, { text: 'hello', name: 'Ada' }, { 'idempotency-key': 'not a key!' });
    expect(inHeader.status).toBe(400);
    expect((await inHeader.json()).error.fields).toHaveProperty('Idempotency-Key');
    expect(await stored(room.id)).toHaveLength(0);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const room = await newRoom();
    const cases: [unknown, number, string][] = [
      [{ text: '   ', name: 'Ada' }, 400, 'text'],
      [{ text: '\u0000\u0001', name: 'Ada' }, 400, 'text'],
      [{ text: 'x'.repeat(2001), name: 'Ada' }, 400, 'text'],
      [{ text: 42, name: 'Ada' }, 400, 'text'],
      [{ text: 'hello' }, 400, 'name'],
      [{ text: 'hello', name: '  ' }, 400, 'name'],
      [{ text: 'hello', name: 'x'.repeat(41) }, 400, 'name'],
    ];
    for (const [body, status, field] of cases) {
      const response = await send(room.id, body);
      expect(response.status).toBe(status);
      expect((await response.json()).error.fields).toHaveProperty(field);
    }
    expect((await send(room.id, '{"text": ')).status).toBe(400);
    const tooLarge = await send(room.id, { text: 'x'.repeat(17 * 1024), name: 'Ada' });
    expect(tooLarge.status).toBe(413);
    const foreign = await send(room.id, { text: 'hello', name: 'Ada' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await stored(room.id)).toHaveLength(0);
    // A 2000-character message is fine.
    expect((await send(room.id, { text: 'y'.repeat(2000), name: 'Ada' })).status).toBe(201);
  });

  it('limits a poster to 5 messages in 10 s: then 429 with Retry-After, in their language, nothing stored', async () => {
    const room = await newRoom();
    const headers = {
      'x-forwarded-for': '192.0.2.77',
      cookie: 'chat_guest=flooder',
      'accept-language': 'de-DE,de;q=0.9',
    };
    for (let i = 0; i < 5; i++) expect((await send(room.id, { text: `m${i}`, name: 'Flo' }, headers)).status).toBe(201);
    const refused = await send(room.id, { text: 'one too many', name: 'Flo' }, headers);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect((await refused.json()).error).toMatchObject({
      code: 'rateLimited',
      message: expect.stringContaining('Sekunde'),
    });
    expect((await stored(room.id)).map((m) => m.body)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    // A guest who rotates the cookie or the name gets no new allowance (8 cookies used to get 8 × 201).
    for (let i = 0; i < 8; i++) {
      const again = await send(
        room.id,
        { text: `rotated ${i}`, name: `Flo ${i}` },
        { ...headers, cookie: `chat_guest=rotated-${i}` },
      );
      expect(again.status).toBe(429);
    }
    expect(await stored(room.id)).toHaveLength(5);
  });

  it('pages back through older messages', async () => {
    const room = await newRoom();
    await seed(room, 60);
    const latest = await (
      await history(new NextRequest(`${ORIGIN}/api/chat/${room.id}/messages`), {
        params: Promise.resolve({ room: room.id }),
      })
    ).json();
    expect(latest.messages).toHaveLength(50);
    expect(latest.messages[0].text).toBe('m11');
    const older = await (
      await history(new NextRequest(`${ORIGIN}/api/chat/${room.id}/messages?before=${latest.messages[0].id}`), {
        params: Promise.resolve({ room: room.id }),
      })
    ).json();
    expect(older.messages.map((m: Message) => m.text)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 1}`));
  });

  it('stores and delivers every message of 20 concurrent posters × 50 once, in id order', async () => {
    const room = await newRoom();
    const stream = await subscribe(room.id);
    await Promise.all(
      Array.from({ length: 20 }, async (_, poster) => {
        for (let i = 0; i < 50; i++) await postMessage(room, { kind: 'guest', name: `P${poster}` }, `${poster}:${i}`);
      }),
    );
    const rows = await stored(room.id);
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => r.body)).size).toBe(1000);
    const received = await stream.messages(1000);
    expect(received.map((m) => m.id)).toEqual(rows.map((r) => r.id));
    expect(await stream.settle(300)).toHaveLength(1000);
    // Each poster's own messages arrive in the order they were sent.
    for (let poster = 0; poster < 20; poster++) {
      const own = received.filter((m) => m.author.name === `P${poster}`).map((m) => Number(m.text.split(':')[1]));
      expect(own).toEqual(Array.from({ length: 50 }, (_, i) => i));
    }
    stream.abort();
  }, 60_000);
});
