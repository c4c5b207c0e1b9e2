// Limits a guest cannot reset: keyed by the signed visitor id with the client address, where the address
// is the one the server appended to X-Forwarded-For (npm start drops whatever the client sent, and a
// trusted proxy appends what it saw), never a cookie or an entry the client wrote itself.
import { NextRequest } from 'next/server';
import { and, eq, sql } from 'drizzle-orm';
import { POST as startVisitor } from '@/app/api/widgets/[id]/visitors/route';
import { POST as startConversation } from '@/app/api/widgets/[id]/conversations/route';
import { POST as post } from '@/app/api/widgets/[id]/conversations/[cid]/messages/route';
import { POST as visitorTyping } from '@/app/api/widgets/[id]/conversations/[cid]/typing/route';
import { POST as operatorTyping } from '@/app/api/workspaces/[wid]/inbox/[cid]/typing/route';
import { TYPING_PER_WINDOW } from '@/lib/chat/limits';
import { GET as events } from '@/app/api/widgets/[id]/events/route';
import { PATCH as patchConversation } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { PATCH as patchWidget } from '@/app/api/widgets/[id]/route';
import { POST as lobbyPost } from '@/app/api/chat/[room]/messages/route';
import { GET as lobbyEvents } from '@/app/api/chat/[room]/events/route';
import { database } from '@/lib/db';
import { chatMessages, conversationMessages, conversations, rateLimits } from '@/lib/db/schema';
import { uniqueAddress } from '../support/addresses';
import { ORIGIN, apiRequest } from './signed-in';
import { converse, newVisitor, nextAddress, ownWidget, visitorRequest, type Visitor } from './visitors';

const ctx = (id: string, cid = '') => ({ params: Promise.resolve({ id, cid }) });
/** What a client rotates: a cookie of its own, and entries of X-Forwarded-For before the server's. */
const rotated = (i: number, address: string) => ({
  cookie: `chat_guest=rotated-${i}; visitor=${i}`,
  'x-forwarded-for': `10.9.${i}.1, 172.16.0.${i}, ${address}`,
});

function send(widgetId: string, cid: string, visitor: Visitor, text: string, headers: Record<string, string> = {}) {
  return post(
    visitorRequest(
      'POST',
      `/api/widgets/${widgetId}/conversations/${cid}/messages`,
      visitor.token,
      { text },
      { 'x-forwarded-for': visitor.address, ...headers },
    ),
    ctx(widgetId, cid),
  );
}

async function storedIn(cid: string) {
  return (await database()).select().from(conversationMessages).where(eq(conversationMessages.conversationId, cid));
}

it('limits a visitor’s messages; rotating cookies or X-Forwarded-For gets no new allowance', async () => {
  const { widgetId } = await ownWidget();
  const visitor = await newVisitor(widgetId, '192.0.2.10');
  const { conversation } = await converse(widgetId, visitor, 'first');
  for (let i = 2; i <= 5; i++) expect((await send(widgetId, conversation.id, visitor, `m${i}`)).status).toBe(201);
  const refused = await send(widgetId, conversation.id, visitor, 'one too many', { 'accept-language': 'de' });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect((await refused.json()).error).toMatchObject({
    code: 'rateLimited',
    message: expect.stringContaining('Sekunde'),
  });
  for (let i = 0; i < 8; i++)
    expect((await send(widgetId, conversation.id, visitor, `rotated ${i}`, rotated(i, visitor.address))).status).toBe(
      429,
    );
  expect(await storedIn(conversation.id)).toHaveLength(5);
});

it('limits an address across the visitors it starts, and how many it may start', async () => {
  const { widgetId } = await ownWidget();
  const address = '192.0.2.20';
  let accepted = 0;
  for (let v = 0; v < 6; v++) {
    const visitor = await newVisitor(widgetId, address);
    const first = await startConversation(
      visitorRequest(
        'POST',
        `/api/widgets/${widgetId}/conversations`,
        visitor.token,
        { text: 'hi' },
        { 'x-forwarded-for': address },
      ),
      ctx(widgetId),
    );
    if (first.status !== 201) continue;
    accepted++;
    const { conversation } = await first.json();
    for (let i = 0; i < 4; i++)
      if ((await send(widgetId, conversation.id, visitor, `v${v} m${i}`)).status === 201) accepted++;
  }
  // Four visitors' worth (4 × 5) from one address in the window, not six.
  expect(accepted).toBe(20);
  // Another widget's visitors at that address are not held back by this one's.
  const { widgetId: otherWidget } = await ownWidget();
  await converse(otherWidget, await newVisitor(otherWidget, address), 'elsewhere');

  // New visitors per address per hour (CHAT_VISITORS_PER_HOUR, 60); rotating X-Forwarded-For does not help.
  const minter = '192.0.2.21';
  const mint = (i: number) =>
    startVisitor(
      visitorRequest(
        'POST',
        `/api/widgets/${widgetId}/visitors`,
        null,
        {},
        { ...rotated(i, minter), 'accept-language': 'de' },
      ),
      ctx(widgetId),
    );
  for (let i = 0; i < 60; i++) expect((await mint(i)).status).toBe(201);
  const refused = await mint(60);
  expect(refused.status).toBe(429);
  expect((await refused.json()).error).toMatchObject({
    code: 'tooManyVisitors',
    message: expect.stringContaining('Netzwerk'),
  });
  // Counted per widget: the same address starts visitors of another widget (Plauder's own, say) as before.
  await newVisitor(otherWidget, minter);
});

function widgetSettings(owner: Awaited<ReturnType<typeof ownWidget>>['owner'], widgetId: string, body: unknown) {
  return patchWidget(
    apiRequest('PATCH', `/api/widgets/${widgetId}`, owner, body, { 'accept-language': 'de' }),
    ctx(widgetId),
  );
}

it('lets a widget’s owner set its ceiling of new visitors per address, within bounds told in their language', async () => {
  const { owner, widgetId } = await ownWidget();
  for (const [value, message] of [
    [0, 'Bitte geben Sie mindestens 1 ein.'],
    [100_001, 'Bitte geben Sie höchstens 100000 ein.'],
    [2.5, 'Dieser Wert ist ungültig.'],
    ['70', 'Dieser Wert ist ungültig.'],
  ] as const) {
    const refused = await widgetSettings(owner, widgetId, { visitorsPerHour: value });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({ visitorsPerHour: message });
  }
  const raised = await widgetSettings(owner, widgetId, { visitorsPerHour: 70 });
  expect(raised.status).toBe(200);
  expect((await raised.json()).widget.visitorsPerHour).toBe(70);

  const address = nextAddress();
  for (let i = 0; i < 70; i++) await newVisitor(widgetId, address);
  const mint = () =>
    startVisitor(
      visitorRequest('POST', `/api/widgets/${widgetId}/visitors`, null, {}, { 'x-forwarded-for': address }),
      ctx(widgetId),
    );
  expect((await mint()).status).toBe(429);
  // Back to the service's default (60), already used up; a smaller ceiling holds at once too.
  expect((await widgetSettings(owner, widgetId, { visitorsPerHour: null })).status).toBe(200);
  expect((await mint()).status).toBe(429);
  // Someone else's widget is not theirs to change.
  const { owner: stranger } = await ownWidget();
  expect((await widgetSettings(stranger, widgetId, { visitorsPerHour: 100_000 })).status).toBe(404);
  expect((await mint()).status).toBe(429);
});

it('says how long to wait in minutes or hours, in English and in German; Retry-After stays in seconds', async () => {
  const { widgetId } = await ownWidget(undefined, { visitorsPerHour: 1 });
  const address = nextAddress();
  await newVisitor(widgetId, address);
  const mint = async (language: string) => {
    const response = await startVisitor(
      visitorRequest(
        'POST',
        `/api/widgets/${widgetId}/visitors`,
        null,
        {},
        { 'x-forwarded-for': address, 'accept-language': language },
      ),
      ctx(widgetId),
    );
    expect(response.status).toBe(429);
    return { retryAfter: Number(response.headers.get('retry-after')), message: (await response.json()).error.message };
  };
  // The hour has just begun.
  expect(await mint('en')).toEqual({
    retryAfter: expect.any(Number),
    message: 'Too many new chats from your network. Please try again in 1 hour.',
  });
  expect((await mint('de')).message).toBe(
    'Zu viele neue Chats aus Ihrem Netzwerk. Bitte versuchen Sie es in 1 Stunde erneut.',
  );
  // 40 minutes and some seconds left: 41 minutes (rounded up, so that trying then works).
  const db = await database();
  await db
    .update(rateLimits)
    .set({ resetsAt: sql`now() + interval '40 minutes 36 seconds'` })
    .where(and(eq(rateLimits.bucket, 'visitors'), eq(rateLimits.key, `${widgetId}@${address}`)));
  const en = await mint('en');
  expect(en.message).toBe('Too many new chats from your network. Please try again in 41 minutes.');
  expect(en.retryAfter).toBeGreaterThanOrEqual(2434);
  expect(en.retryAfter).toBeLessThanOrEqual(2436);
  expect((await mint('de')).message).toBe(
    'Zu viele neue Chats aus Ihrem Netzwerk. Bitte versuchen Sie es in 41 Minuten erneut.',
  );
});

it('gives typing signals an allowance per conversation and side, and per address over conversations', async () => {
  const { owner, widgetId } = await ownWidget();
  const address = uniqueAddress();
  const visitor = await newVisitor(widgetId, address);
  const { conversation } = await converse(widgetId, visitor, 'typing soon');
  const visitorTypes = (who: Visitor, cid: string, typing: boolean) =>
    visitorTyping(
      visitorRequest(
        'POST',
        `/api/widgets/${widgetId}/conversations/${cid}/typing`,
        who.token,
        { typing },
        { 'x-forwarded-for': who.address, 'accept-language': 'de' },
      ),
      ctx(widgetId, cid),
    );
  // The outside run's 60 in a row: the first TYPING_PER_WINDOW go out, the rest are refused.
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) statuses.push((await visitorTypes(visitor, conversation.id, i % 2 === 0)).status);
  expect(statuses).toEqual([...Array(TYPING_PER_WINDOW).fill(204), ...Array(60 - TYPING_PER_WINDOW).fill(429)]);
  const refused = await visitorTypes(visitor, conversation.id, false);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect((await refused.json()).error).toMatchObject({
    code: 'rateLimited',
    message: expect.stringContaining('Sekunde'),
  });

  // The operator's side of that conversation has its own.
  const operatorTypes = () =>
    operatorTyping(
      apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}/typing`, owner, {
        typing: true,
      }),
      {
        params: Promise.resolve({ wid: owner.workspaceId, cid: conversation.id }),
      },
    );
  for (let i = 0; i < TYPING_PER_WINDOW; i++) expect((await operatorTypes()).status).toBe(204);
  expect((await operatorTypes()).status).toBe(429);

  // New visitors at that address get their conversations' allowance until the address's is used up.
  let allowed = TYPING_PER_WINDOW;
  for (let n = 0; n < 4; n++) {
    const next = await newVisitor(widgetId, address);
    const { conversation: theirs } = await converse(widgetId, next, `typing ${n}`);
    for (let i = 0; i < TYPING_PER_WINDOW; i++)
      if ((await visitorTypes(next, theirs.id, true)).status === 204) allowed++;
  }
  expect(allowed).toBe(TYPING_PER_WINDOW * 4);
});

it('allows three open conversations per visitor, messages up to 4,000 characters and bodies up to 16 KB', async () => {
  const { owner, widgetId } = await ownWidget();
  const visitor = await newVisitor(widgetId);
  const started = [];
  for (let i = 0; i < 3; i++) started.push((await converse(widgetId, visitor, `topic ${i}`)).conversation.id);
  const fourth = await startConversation(
    visitorRequest(
      'POST',
      `/api/widgets/${widgetId}/conversations`,
      visitor.token,
      { text: 'topic 3' },
      { 'x-forwarded-for': visitor.address, 'accept-language': 'de' },
    ),
    ctx(widgetId),
  );
  expect(fourth.status).toBe(409);
  expect((await fourth.json()).error).toMatchObject({
    code: 'tooManyConversations',
    message: expect.stringContaining('3 offene'),
  });
  // Closed by the owner: there is room again.
  expect(
    (
      await patchConversation(
        apiRequest('PATCH', `/api/workspaces/${owner.workspaceId}/inbox/${started[0]}`, owner, { status: 'closed' }),
        {
          params: Promise.resolve({ wid: owner.workspaceId, cid: started[0] }),
        },
      )
    ).status,
  ).toBe(200);
  expect((await converse(widgetId, visitor, 'topic 3')).conversation.id).not.toBe(started[0]);

  const long = await send(widgetId, started[1], visitor, 'x'.repeat(4001));
  expect(long.status).toBe(400);
  expect((await long.json()).error.fields).toHaveProperty('text');
  expect((await send(widgetId, started[1], visitor, 'y'.repeat(4000))).status).toBe(201);
  const huge = await post(
    visitorRequest(
      'POST',
      `/api/widgets/${widgetId}/conversations/${started[1]}/messages`,
      visitor.token,
      JSON.stringify({ text: 'z', pad: 'p'.repeat(17 * 1024) }),
      { 'x-forwarded-for': visitor.address },
    ),
    ctx(widgetId, started[1]),
  );
  expect(huge.status).toBe(413);
  const db = await database();
  expect(await db.select().from(conversations).where(eq(conversations.visitorId, visitor.visitorId))).toHaveLength(4);
});

it('caps event streams per address, whatever X-Forwarded-For entries the client adds', async () => {
  const { widgetId } = await ownWidget();
  const visitor = await newVisitor(widgetId);
  const controllers: AbortController[] = [];
  const open = (i: number) => {
    const controller = new AbortController();
    controllers.push(controller);
    return events(
      new NextRequest(`${ORIGIN}/api/widgets/${widgetId}/events`, {
        headers: { authorization: `Bearer ${visitor.token}`, ...rotated(i, '192.0.2.30') },
        signal: controller.signal,
      }),
      ctx(widgetId),
    );
  };
  for (let i = 0; i < 20; i++) expect((await open(i)).status).toBe(200);
  expect((await open(20)).status).toBe(429);
  // Another widget's visitors at that address, and the lobby, have slots of their own.
  const { widgetId: otherWidget } = await ownWidget();
  const other = await newVisitor(otherWidget);
  const elsewhere = new AbortController();
  controllers.push(elsewhere);
  const otherStream = await events(
    new NextRequest(`${ORIGIN}/api/widgets/${otherWidget}/events`, {
      headers: { authorization: `Bearer ${other.token}`, 'x-forwarded-for': '192.0.2.30' },
      signal: elsewhere.signal,
    }),
    ctx(otherWidget),
  );
  expect(otherStream.status).toBe(200);
  const lobby = new AbortController();
  controllers.push(lobby);
  const lobbyStream = await lobbyEvents(
    new NextRequest(`${ORIGIN}/api/chat/lobby/events`, {
      headers: { 'x-forwarded-for': '192.0.2.30' },
      signal: lobby.signal,
    }),
    { params: Promise.resolve({ room: 'lobby' }) },
  );
  expect(lobbyStream.status).toBe(200);
  for (const controller of controllers) controller.abort();
});

it('limits a guest of the /chat lobby by address: rotating the cookie or X-Forwarded-For resets nothing', async () => {
  // The lobby and its limits outlive a test run on PostgreSQL: this run's address and messages are its own.
  const address = uniqueAddress();
  const run = Date.now();
  const send = (i: number, headers: Record<string, string>) =>
    lobbyPost(
      new NextRequest(`${ORIGIN}/api/chat/lobby/messages`, {
        method: 'POST',
        body: JSON.stringify({ text: `lobby ${run} ${i}`, name: `Guest ${i}` }),
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      }),
      { params: Promise.resolve({ room: 'lobby' }) },
    );
  for (let i = 0; i < 5; i++) expect((await send(i, { 'x-forwarded-for': address })).status).toBe(201);
  for (let i = 5; i < 13; i++) expect((await send(i, rotated(i, address))).status).toBe(429);
  const db = await database();
  const stored = (await db.select().from(chatMessages).where(eq(chatMessages.room, 'lobby'))).filter((m) =>
    m.body.startsWith(`lobby ${run} `),
  );
  expect(stored).toHaveLength(5);
});
