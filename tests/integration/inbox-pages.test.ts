// The inbox in pages (keyset: each page after the last entry's activity time and id): every conversation
// of an owner exactly once for each filter, also when activity times are equal or differ by a microsecond;
// a malformed cursor is a translated 400; the unread total counts them all and stays live on the stream.
import { inArray, sql } from 'drizzle-orm';
import { PATCH as inboxPatch } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { database } from '@/lib/db';
import { conversations } from '@/lib/db/schema';
import { INBOX_PAGE_SIZE } from '@/lib/conversations/constants';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { apiRequest } from './signed-in';
import { converse, newVisitor, ownWidget, type Owner } from './visitors';
import { allPages, inboxPage, inboxStream } from './inbox';

jest.setTimeout(120_000);

const cidCtx = (who: { workspaceId: string }, cid: string) => ({
  params: Promise.resolve({ wid: who.workspaceId, cid }),
});
const idsOf = (pages: { conversations: { id: string }[] }[]) => pages.flatMap((p) => p.conversations.map((c) => c.id));

/** `count` new conversations in the owner's widget, oldest first (three per visitor, as many as one may open). */
async function conversationsOf(widgetId: string, count: number, label: string) {
  const made: { id: string; messageId: number }[] = [];
  for (let visitor = null as Awaited<ReturnType<typeof newVisitor>> | null; made.length < count;) {
    if (made.length % 3 === 0) visitor = await newVisitor(widgetId);
    const { conversation, message } = await converse(widgetId, visitor!, `${label} ${made.length + 1}`);
    made.push({ id: conversation.id, messageId: message.id });
  }
  return made;
}

async function patch(owner: Owner, cid: string, body: Record<string, unknown>) {
  const response = await inboxPatch(
    apiRequest('PATCH', `/api/workspaces/${owner.workspaceId}/inbox/${cid}`, owner, body),
    cidCtx(owner, cid),
  );
  expect(response.status).toBe(200);
}

describe('the inbox in pages', () => {
  // Ada's inbox: 59 conversations, 5 of them read and 7 others closed (54 unread, 52 open). Bea has one
  // conversation older than all of Ada's and one newer.
  let ada: Owner;
  let bea: Owner;
  let beas: string[];
  let newestFirst: string[];
  let read: string[];
  let closed: string[];

  beforeAll(async () => {
    const beaWidget = await ownWidget();
    bea = beaWidget.owner;
    const [beaFirst] = await conversationsOf(beaWidget.widgetId, 1, 'Bea’s first');
    const adaWidget = await ownWidget();
    ada = adaWidget.owner;
    const made = await conversationsOf(adaWidget.widgetId, 59, 'Question');
    const [beaLast] = await conversationsOf(beaWidget.widgetId, 1, 'Bea’s last');
    beas = [beaLast.id, beaFirst.id];
    newestFirst = made.map((c) => c.id).reverse();
    read = made.slice(0, 5).map((c) => c.id);
    closed = made.slice(5, 12).map((c) => c.id);
    for (const { id, messageId } of made.slice(0, 5)) await patch(ada, id, { readUpTo: messageId });
    for (const id of closed) await patch(ada, id, { status: 'closed' });
  });

  it('answers every conversation exactly once, newest activity first, with the true unread total', async () => {
    const pages = await allPages(ada);
    expect(pages.map((p) => p.conversations.length)).toEqual([INBOX_PAGE_SIZE, 59 - INBOX_PAGE_SIZE]);
    expect(idsOf(pages)).toEqual(newestFirst);
    expect(pages.map((p) => p.unread)).toEqual([54, 54]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('pages each filter through to its end: open, closed, unread and all', async () => {
    const expected: Record<string, string[]> = {
      all: newestFirst,
      open: newestFirst.filter((id) => !closed.includes(id)),
      closed: newestFirst.filter((id) => closed.includes(id)),
      unread: newestFirst.filter((id) => !read.includes(id)),
    };
    for (const [status, ids] of Object.entries(expected)) {
      const pages = await allPages(ada, status);
      expect([status, idsOf(pages)]).toEqual([status, ids]);
      expect([status, pages.length]).toEqual([status, Math.max(1, Math.ceil(ids.length / INBOX_PAGE_SIZE))]);
    }
  });

  it('gives nothing of one owner to another with their cursor', async () => {
    const [first] = await allPages(ada);
    const borrowed = await allPages(bea, 'all', first.nextCursor!);
    // Bea's cursor-less inbox is hers alone; Ada's cursor only places Bea's list after its position.
    expect(idsOf(await allPages(bea))).toEqual(beas);
    expect(idsOf(borrowed)).toEqual([beas[1]]);
    expect(JSON.stringify(borrowed)).not.toContain('Question');
  });

  it('answers a malformed or altered cursor with a translated 400', async () => {
    const [first] = await allPages(ada);
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const uuid = crypto.randomUUID();
    const cursors = {
      empty: '',
      'not base64url': 'not a cursor!',
      'not JSON': Buffer.from('hello').toString('base64url'),
      'cut short': first.nextCursor!.slice(0, -3),
      'an object': encode({ at: 1, id: uuid }),
      'a fraction': encode([1.5, uuid]),
      'negative time': encode([-1, uuid]),
      'beyond safe integers': encode([2 ** 60, uuid]),
      'not a uuid': encode([Date.now() * 1000, 'x']),
      'too long': 'A'.repeat(400),
    };
    for (const [language, catalogue] of [
      ['en', en],
      ['de', de],
    ] as const) {
      for (const [name, cursor] of Object.entries(cursors)) {
        const response = await inboxPage(ada, { cursor }, { 'accept-language': language });
        expect([language, name, response.status]).toEqual([language, name, 400]);
        expect((await response.json()).error).toEqual({
          code: 'invalidCursor',
          message: catalogue.Api.errors.invalidCursor,
        });
      }
    }
  });
});

it('pages through equal activity times and times a microsecond apart', async () => {
  const { owner, widgetId } = await ownWidget();
  const made = (await conversationsOf(widgetId, INBOX_PAGE_SIZE + 3, 'Tied')).map((c) => c.id);
  // Two a microsecond after the rest, two a microsecond before: a millisecond cursor would lose the last two.
  const [later, earlier, tied] = [made.slice(0, 2), made.slice(2, 4), made.slice(4)];
  const db = await database();
  for (const [ids, at] of [
    [tied, '2026-03-01T12:00:00.123456Z'],
    [later, '2026-03-01T12:00:00.123457Z'],
    [earlier, '2026-03-01T12:00:00.123455Z'],
  ] as const)
    await db
      .update(conversations)
      .set({ lastMessageAt: sql`${at}::timestamptz` })
      .where(inArray(conversations.id, [...ids]));
  const byIdDesc = (ids: readonly string[]) => [...ids].sort().reverse();

  const pages = await allPages(owner);
  expect(pages.map((p) => p.conversations.length)).toEqual([INBOX_PAGE_SIZE, 3]);
  expect(idsOf(pages)).toEqual([...byIdDesc(later), ...byIdDesc(tied), ...byIdDesc(earlier)]);
});

it('keeps the unread total live on the inbox stream: on a visitor’s message and on reading', async () => {
  const { owner, widgetId } = await ownWidget();
  const [first] = await conversationsOf(widgetId, 1, 'Hello');
  const stream = await inboxStream(owner);
  const totals = () => stream.events.filter((e) => e.event === 'unread').map((e) => JSON.parse(e.data).total);
  const untilTotal = async (total: number) => {
    while (totals().at(-1) !== total) await stream.take(stream.events.length + 1);
  };

  // On opening, the stream says where the count stands.
  await untilTotal(1);
  const visitor = await newVisitor(widgetId);
  await converse(widgetId, visitor, 'Another question');
  await untilTotal(2);
  await patch(owner, first.id, { readUpTo: first.messageId });
  await untilTotal(1);
  stream.close();
});
