// Snooze (issue 39, point 4): a snoozed conversation leaves the open list and is listed under Snoozed; it is open
// again when its time passes (the query compares with the database's clock: no job) or as soon as the visitor
// writes, which alerts as any visitor message does. Only future times up to a year ahead (a translated 400);
// every open inbox hears each change.
import { eq, sql } from 'drizzle-orm';
import { POST as post } from '@/app/api/widgets/[id]/conversations/[cid]/messages/route';
import { PATCH as inboxPatch } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { database } from '@/lib/db';
import { conversations, mails, operatorAlerts } from '@/lib/db/schema';
import { notificationsSettled } from '@/lib/conversations/notify';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { apiRequest } from './signed-in';
import { converse, newVisitor, ownWidget, visitorRequest, type Owner, type Visitor } from './visitors';
import { inboxPage, inboxStream, type InboxPage } from './inbox';

jest.setTimeout(60_000);

const HOUR = 3_600_000;
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

function patch(owner: Owner, cid: string, body: unknown, headers = {}) {
  return inboxPatch(apiRequest('PATCH', `/api/workspaces/${owner.workspaceId}/inbox/${cid}`, owner, body, headers), {
    params: Promise.resolve({ wid: owner.workspaceId, cid }),
  });
}

async function listed(owner: Owner, status: string): Promise<string[]> {
  const response = await inboxPage(owner, { status });
  expect(response.status).toBe(200);
  return ((await response.json()) as InboxPage).conversations.map((c) => c.id);
}

async function write(widgetId: string, visitor: Visitor, cid: string, text: string) {
  const response = await post(
    visitorRequest(
      'POST',
      `/api/widgets/${widgetId}/conversations/${cid}/messages`,
      visitor.token,
      { text },
      {
        'x-forwarded-for': visitor.address,
      },
    ),
    { params: Promise.resolve({ id: widgetId, cid }) },
  );
  expect(response.status).toBe(201);
  await notificationsSettled();
}

type Stream = Awaited<ReturnType<typeof inboxStream>>;

/** The first frame of the stream (so far or still to come) that `match` accepts. */
async function frameOf(stream: Stream, match: (event: { event: string; data: string }) => boolean) {
  for (;;) {
    const found = stream.events.find(match);
    if (found) return found;
    await stream.take(stream.events.length + 1);
  }
}

let owner: Owner;
let widgetId: string;

beforeAll(async () => {
  ({ owner, widgetId } = await ownWidget());
});

async function conversation(text: string) {
  const visitor = await newVisitor(widgetId);
  const { conversation } = await converse(widgetId, visitor, text);
  return { visitor, id: conversation.id };
}

it('moves a snoozed conversation from Open to Snoozed, live on the inbox stream, and back on unsnooze', async () => {
  const { id } = await conversation('Snooze me');
  const other = await conversation('Stay open');
  const stream = await inboxStream(owner);
  const until = inFuture(HOUR);
  const answer = await patch(owner, id, { snoozedUntil: until });
  expect(answer.status).toBe(200);
  expect((await answer.json()).conversation.snoozedUntil).toBe(until);

  expect(await listed(owner, 'open')).toEqual([other.id]);
  expect(await listed(owner, 'snoozed')).toEqual([id]);
  expect(await listed(owner, 'all')).toEqual([other.id, id]);
  const frame = await frameOf(stream, (e) => e.event === 'conversation' && JSON.parse(e.data).id === id);
  expect(JSON.parse(frame.data).snoozedUntil).toBe(until);

  expect((await patch(owner, id, { snoozedUntil: null })).status).toBe(200);
  expect(await listed(owner, 'open')).toEqual([other.id, id]);
  expect(await listed(owner, 'snoozed')).toEqual([]);
  const back = await frameOf(stream, (e) => e.event === 'conversation' && JSON.parse(e.data).snoozedUntil === null);
  expect(JSON.parse(back.data).id).toBe(id);
  stream.close();
});

it('refuses a time in the past, now, more than a year ahead or no time at all with a translated 400', async () => {
  const { id } = await conversation('Bad times');
  const yearAndDay = inFuture(367 * 24 * HOUR);
  for (const [language, catalogue] of [
    ['en', en],
    ['de', de],
  ] as const) {
    for (const snoozedUntil of [inFuture(-60_000), new Date().toISOString(), yearAndDay]) {
      const response = await patch(owner, id, { snoozedUntil }, { 'accept-language': language });
      expect([snoozedUntil, response.status]).toEqual([snoozedUntil, 400]);
      expect((await response.json()).error).toEqual({
        code: 'snoozeOutOfRange',
        message: catalogue.Api.errors.snoozeOutOfRange,
      });
    }
    for (const snoozedUntil of ['tomorrow', '2030-13-01T09:00:00Z', 42]) {
      const response = await patch(owner, id, { snoozedUntil }, { 'accept-language': language });
      expect([snoozedUntil, response.status]).toEqual([snoozedUntil, 400]);
      expect((await response.json()).error.message).toBe(catalogue.Api.errors.invalidBody);
    }
  }
  // Eleven months ahead, in another offset, is fine.
  const eleven = new Date(Date.now() + 330 * 24 * HOUR).toISOString().replace('Z', '+00:00');
  expect((await patch(owner, id, { snoozedUntil: eleven })).status).toBe(200);
  const [row] = await (await database()).select().from(conversations).where(eq(conversations.id, id));
  expect(row.snoozedUntil!.getTime()).toBe(Date.parse(eleven));
});

it('is open again once its time has passed, with no request or job in between', async () => {
  const { id } = await conversation('Back soon');
  const until = Date.now() + 1_500;
  expect((await patch(owner, id, { snoozedUntil: new Date(until).toISOString() })).status).toBe(200);
  expect(await listed(owner, 'open')).not.toContain(id);
  expect(await listed(owner, 'snoozed')).toContain(id);
  await new Promise((resolve) => setTimeout(resolve, until - Date.now() + 100));
  expect(await listed(owner, 'open')).toContain(id);
  expect(await listed(owner, 'snoozed')).not.toContain(id);
});

it('is open again as soon as the visitor writes, and alerts as any visitor message does', async () => {
  // An owner with no dashboard open, so that the alert is an e-mail.
  const { owner: bea, widgetId: beasWidget } = await ownWidget();
  const visitor = await newVisitor(beasWidget);
  const { id } = (await converse(beasWidget, visitor, 'First question')).conversation;
  expect((await patch(bea, id, { snoozedUntil: inFuture(24 * HOUR) })).status).toBe(200);
  expect(await listed(bea, 'snoozed')).toContain(id);
  // The alert of the first message was mailed long ago: the next visitor message alerts again.
  const db = await database();
  await db
    .update(operatorAlerts)
    .set({ mailedAt: sql`now() - interval '11 minutes'` })
    .where(eq(operatorAlerts.conversationId, id));
  const mailed = () => db.select().from(mails).where(eq(mails.to, bea.email)).orderBy(mails.createdAt);
  const before = (await mailed()).length;

  await write(beasWidget, visitor, id, 'Are you there?');
  expect(await listed(bea, 'open')).toContain(id);
  expect(await listed(bea, 'snoozed')).not.toContain(id);
  const sent = await mailed();
  expect(sent).toHaveLength(before + 1);
  expect(sent.at(-1)!.text).toContain('Are you there?');

  // An open inbox hears it with the message: the conversation it brings is no longer snoozed.
  expect((await patch(bea, id, { snoozedUntil: inFuture(HOUR) })).status).toBe(200);
  const stream = await inboxStream(bea);
  await write(beasWidget, visitor, id, 'Hello again');
  const frame = await frameOf(
    stream,
    (e) => e.event === 'message' && JSON.parse(e.data).message.text === 'Hello again',
  );
  expect(JSON.parse(frame.data).conversation).toMatchObject({ id, snoozedUntil: null });
  stream.close();
});

it('cannot snooze a closed conversation (409); closing a snoozed one ends its snooze', async () => {
  const { id } = await conversation('Closing time');
  expect((await patch(owner, id, { snoozedUntil: inFuture(HOUR) })).status).toBe(200);
  expect((await patch(owner, id, { status: 'closed' })).status).toBe(200);
  expect(await listed(owner, 'snoozed')).not.toContain(id);
  expect(await listed(owner, 'closed')).toContain(id);
  const refused = await patch(owner, id, { snoozedUntil: inFuture(HOUR) });
  expect([refused.status, (await refused.json()).error.code]).toEqual([409, 'conversationClosed']);
  expect((await patch(owner, id, { status: 'open' })).status).toBe(200);
  expect(await listed(owner, 'open')).toContain(id);
});
