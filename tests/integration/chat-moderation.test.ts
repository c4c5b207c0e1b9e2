// Lobby moderation: support staff delete messages (gone from the history and, live, from every open
// stream) and mute authors by their signed identity; everybody else is refused at the handlers.
import { randomBytes } from 'node:crypto';
import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import { GET as events } from '@/app/api/chat/[room]/events/route';
import { GET as history, POST as post } from '@/app/api/chat/[room]/messages/route';
import { DELETE as deleteMessage } from '@/app/api/chat/[room]/messages/[id]/route';
import { GET as listMutes, POST as mute } from '@/app/api/chat/[room]/mutes/route';
import { DELETE as unmute } from '@/app/api/chat/[room]/mutes/[id]/route';
import { database } from '@/lib/db';
import { chatMessages, chatMutes, chatRooms } from '@/lib/db/schema';
import { postMessage, type Room } from '@/lib/chat/service';
import { uniqueAddress } from '../support/addresses';
import { sseReader } from '../support/sse';
import { ORIGIN, apiRequest, signedIn } from './signed-in';

jest.setTimeout(30_000);

type Client = { cookie: string } | null;
type Message = { id: number; text: string; author: { name: string } };
type Mute = { id: string; name: string; guest: boolean; until: string | null; messageIds: number[] };

let staff: Awaited<ReturnType<typeof signedIn>>;
let member: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  [staff, member] = await Promise.all([signedIn('staff', { admin: true }), signedIn('member')]);
});

async function newRoom(): Promise<Room> {
  const id = randomBytes(12).toString('base64url');
  await (await database()).insert(chatRooms).values({ id });
  return { id };
}

/** A guest: their own address (rate limits) and the cookies the server gave them. */
function guest(name: string) {
  const jar = new Map<string, string>();
  const ip = uniqueAddress();
  return {
    name,
    jar,
    async post(room: string, text: string, headers: Record<string, string> = {}) {
      const cookie = [...jar].map(([key, value]) => `${key}=${value}`).join('; ');
      const response = await post(
        apiRequest(
          'POST',
          `/api/chat/${room}/messages`,
          cookie ? { cookie } : null,
          { text, name },
          { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
        ),
        {
          params: Promise.resolve({ room }),
        },
      );
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      return response;
    },
  };
}

async function posted(response: Response): Promise<Message> {
  expect(response.status).toBe(201);
  return (await response.json()).message;
}

const remove = (room: string, id: number | string, client: Client, headers: Record<string, string> = {}) =>
  deleteMessage(apiRequest('DELETE', `/api/chat/${room}/messages/${id}`, client, undefined, headers), {
    params: Promise.resolve({ room, id: String(id) }),
  });
const muteBy = (room: string, body: unknown, client: Client, headers: Record<string, string> = {}) =>
  mute(
    apiRequest('POST', `/api/chat/${room}/mutes`, client, body, { 'content-type': 'application/json', ...headers }),
    { params: Promise.resolve({ room }) },
  );
const lift = (room: string, id: string, client: Client, headers: Record<string, string> = {}) =>
  unmute(apiRequest('DELETE', `/api/chat/${room}/mutes/${id}`, client, undefined, headers), {
    params: Promise.resolve({ room, id }),
  });
const mutes = async (room: string, client: Client = staff) =>
  listMutes(apiRequest('GET', `/api/chat/${room}/mutes`, client), { params: Promise.resolve({ room }) });
const latest = async (room: string) =>
  (
    (
      await (
        await history(new NextRequest(`${ORIGIN}/api/chat/${room}/messages`), { params: Promise.resolve({ room }) })
      ).json()
    ).messages as Message[]
  ).map((m) => m.text);

function subscribe(room: string, lastEventId?: number) {
  const controller = new AbortController();
  const request = new NextRequest(`${ORIGIN}/api/chat/${room}/events`, {
    headers: {
      'x-forwarded-for': '203.0.113.9',
      ...(lastEventId !== undefined && { 'last-event-id': String(lastEventId) }),
    },
    signal: controller.signal,
  });
  return events(request, { params: Promise.resolve({ room }) }).then((response) => ({
    ...sseReader(response.body!),
    abort: () => controller.abort(),
  }));
}

async function rows(room: string) {
  const db = await database();
  return db.select().from(chatMessages).where(eq(chatMessages.room, room)).orderBy(chatMessages.id);
}

async function muteRows(room: string) {
  return (await database()).select().from(chatMutes).where(eq(chatMutes.room, room));
}

describe('deleting a message', () => {
  it('removes it for every later visitor and, live, from every open stream; a repeat changes nothing', async () => {
    const room = await newRoom();
    const ada = guest('Ada');
    const first = await posted(await ada.post(room.id, 'first'));
    const spam = await posted(await ada.post(room.id, 'buy cheap watches'));
    const last = await posted(await ada.post(room.id, 'last'));
    const connected = await subscribe(room.id);
    expect((await connected.take(3)).map((e) => e.id)).toEqual([first.id, spam.id, last.id].map(String));

    const response = await remove(room.id, spam.id, staff);
    expect(response.status).toBe(204);
    const [, , , deletion] = await connected.take(4);
    expect(deletion.event).toBe('deleted');
    expect(JSON.parse(deletion.data)).toEqual({ id: spam.id });
    expect(Number(deletion.id)).toBeGreaterThan(last.id);

    // Kept, with who removed it and when, but shown to nobody again.
    const row = (await rows(room.id)).find((r) => r.id === spam.id)!;
    expect(row).toMatchObject({ body: 'buy cheap watches', deletedBy: staff.uid });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await latest(room.id)).toEqual(['first', 'last']);
    const fresh = await subscribe(room.id);
    expect((await fresh.take(2)).map((e) => JSON.parse(e.data).text)).toEqual(['first', 'last']);
    // A stream that had the message and resumes after it hears of the removal; one from before hears of the removal
    // only.
    const resumed = await subscribe(room.id, last.id);
    expect((await resumed.take(1))[0]).toMatchObject({ event: 'deleted', id: deletion.id });
    const older = await subscribe(room.id, first.id);
    expect((await older.take(2)).map((e) => [e.event, JSON.parse(e.data).id])).toEqual([
      ['message', last.id],
      ['deleted', spam.id],
    ]);

    // Idempotent: a second removal (a retry, a second tab) answers the same and announces nothing more.
    expect((await remove(room.id, spam.id, staff)).status).toBe(204);
    expect(await connected.settle(300)).toHaveLength(4);
    expect((await rows(room.id)).find((r) => r.id === spam.id)!.deletionId).toBe(Number(deletion.id));
    for (const stream of [connected, fresh, resumed, older]) stream.abort();
  });

  it('refuses everybody but support staff, a foreign Origin, and unknown messages, changing nothing', async () => {
    const room = await newRoom();
    const other = await newRoom();
    const message = await posted(await guest('Bo').post(room.id, 'keep me'));
    const signedOut = await remove(room.id, message.id, null, { 'accept-language': 'de' });
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error).toMatchObject({
      code: 'unauthenticated',
      message: expect.stringContaining('melden Sie sich'),
    });
    const notStaff = await remove(room.id, message.id, member);
    expect(notStaff.status).toBe(403);
    expect((await notStaff.json()).error.code).toBe('forbidden');
    const foreign = await remove(room.id, message.id, staff, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe('forbiddenOrigin');
    for (const id of ['999999999', 'abc', '0', '-1', '1.5'])
      expect((await remove(room.id, id, staff)).status).toBe(404);
    // A message is removed in its own room only.
    expect((await remove(other.id, message.id, staff)).status).toBe(404);
    expect((await remove('no-such-room', message.id, staff)).status).toBe(404);
    expect((await rows(room.id)).map((r) => [r.body, r.deletedAt])).toEqual([['keep me', null]]);
  });
});

describe('muting an author', () => {
  it('gives a guest a signed identity, and a muted guest gets a translated 403 with nothing written', async () => {
    const room = await newRoom();
    const eve = guest('Eve');
    const message = await posted(await eve.post(room.id, 'spam'));
    expect(eve.jar.get('chat_guest')).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    const identity = eve.jar.get('chat_guest');

    const muted = await muteBy(room.id, { messageId: message.id }, staff);
    expect(muted.status).toBe(201);
    const { mute: view } = (await muted.json()) as { mute: Mute };
    expect(view).toMatchObject({ name: 'Eve', guest: true, until: null, messageIds: [message.id] });

    const before = await rows(room.id);
    for (const [language, text] of [
      ['en', 'Support staff have muted you'],
      ['de', 'Das Support-Team hat Sie in diesem Chat stummgeschaltet'],
    ]) {
      const refused = await eve.post(room.id, 'more spam', { 'accept-language': language });
      expect(refused.status).toBe(403);
      expect((await refused.json()).error).toMatchObject({ code: 'muted', message: expect.stringContaining(text) });
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
    expect(await rows(room.id)).toEqual(before);
    expect(eve.jar.get('chat_guest')).toBe(identity);
    // Another guest is not affected, nor is Eve elsewhere.
    await posted(await guest('Finn').post(room.id, 'hello'));
    await posted(await eve.post((await newRoom()).id, 'somewhere else'));

    // A repeat is the same mute (200, one row), with the new duration.
    const again = await muteBy(room.id, { messageId: message.id, minutes: 60 }, staff);
    expect(again.status).toBe(200);
    const repeated = (await again.json()).mute as Mute;
    expect(repeated.id).toBe(view.id);
    expect(new Date(repeated.until!).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(await muteRows(room.id)).toHaveLength(1);
    expect(((await (await mutes(room.id)).json()).mutes as Mute[]).map((m) => m.id)).toEqual([view.id]);

    // Lifted (twice: the same answer), Eve posts again.
    expect((await lift(room.id, view.id, staff)).status).toBe(204);
    expect((await lift(room.id, view.id, staff)).status).toBe(204);
    expect(await muteRows(room.id)).toHaveLength(0);
    expect((await (await mutes(room.id)).json()).mutes).toEqual([]);
    await posted(await eve.post(room.id, 'sorry'));
  });

  it('mutes a signed-in author by their account, and a mute that has run out no longer applies', async () => {
    const room = await newRoom();
    const send = (text: string) =>
      post(
        apiRequest('POST', `/api/chat/${room.id}/messages`, member, { text }, { 'content-type': 'application/json' }),
        { params: Promise.resolve({ room: room.id }) },
      );
    const message = await posted(await send('shouting'));
    expect((await muteBy(room.id, { messageId: message.id, minutes: 5 }, staff)).status).toBe(201);
    expect([(await muteRows(room.id))[0].author, (await send('again')).status]).toEqual([`user:${member.uid}`, 403]);
    await (
      await database()
    )
      .update(chatMutes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(chatMutes.room, room.id));
    expect((await (await mutes(room.id)).json()).mutes).toEqual([]);
    await posted(await send('calm now'));
  });

  it('does not let a guest pass for another by a forged identity: a cookie the server did not sign is replaced', async () => {
    const room = await newRoom();
    const eve = guest('Eve');
    const message = await posted(await eve.post(room.id, 'spam'));
    await muteBy(room.id, { messageId: message.id }, staff);
    const [id] = eve.jar.get('chat_guest')!.split('.');
    const impostor = guest('Ivy');
    impostor.jar.set('chat_guest', `${id}.${'A'.repeat(43)}`);
    const answer = await impostor.post(room.id, 'not Eve');
    expect(answer.status).toBe(201);
    expect(impostor.jar.get('chat_guest')!.startsWith(`${id}.`)).toBe(false);
    const stored = (await rows(room.id)).at(-1)!;
    expect([stored.body, stored.authorGuest === id]).toEqual(['not Eve', false]);
  });

  it('refuses everybody but support staff, a foreign Origin and bad input, writing nothing', async () => {
    const room = await newRoom();
    const message = await posted(await guest('Gil').post(room.id, 'hi'));
    expect((await muteBy(room.id, { messageId: message.id }, null)).status).toBe(401);
    expect((await muteBy(room.id, { messageId: message.id }, member)).status).toBe(403);
    expect((await mutes(room.id, null)).status).toBe(401);
    expect((await mutes(room.id, member)).status).toBe(403);
    const foreign = await muteBy(room.id, { messageId: message.id }, staff, { origin: 'https://evil.example' });
    expect([foreign.status, (await foreign.json()).error.code]).toEqual([403, 'forbiddenOrigin']);
    for (const [body, field] of [
      [{}, 'messageId'],
      [{ messageId: 'x' }, 'messageId'],
      [{ messageId: message.id, minutes: 0 }, 'minutes'],
      [{ messageId: message.id, minutes: 600_000 }, 'minutes'],
    ] as const) {
      const refused = await muteBy(room.id, body, staff, { 'accept-language': 'de' });
      expect(refused.status).toBe(400);
      expect(Object.keys((await refused.json()).error.fields)).toEqual([field]);
    }
    expect((await muteBy(room.id, { messageId: 999_999_999 }, staff)).status).toBe(404);
    expect((await muteBy((await newRoom()).id, { messageId: message.id }, staff)).status).toBe(404);
    // A guest's message from before guests had an identity: their author cannot be told apart.
    const { message: legacy } = await postMessage(room, { kind: 'guest', name: 'Old' }, 'from before');
    const unknown = await muteBy(room.id, { messageId: legacy.id }, staff, { 'accept-language': 'de' });
    expect(unknown.status).toBe(409);
    expect((await unknown.json()).error).toMatchObject({
      code: 'muteUnavailable',
      message: expect.stringContaining('nicht stummgeschaltet'),
    });
    expect(await muteRows(room.id)).toEqual([]);

    // Lifting: the same guards; a malformed id names no mute.
    const { mute: view } = (await (await muteBy(room.id, { messageId: message.id }, staff)).json()) as { mute: Mute };
    expect((await lift(room.id, view.id, null)).status).toBe(401);
    expect((await lift(room.id, view.id, member)).status).toBe(403);
    expect((await lift(room.id, view.id, staff, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await lift(room.id, 'not-a-uuid', staff)).status).toBe(404);
    expect(await muteRows(room.id)).toHaveLength(1);
  });
});
