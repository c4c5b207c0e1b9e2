// The inbox's search (GET /api/workspaces/:wid/inbox?q=…): German and English stemming with prefixes, the
// visitor's name and address, the filters, keyset pages through every hit once, and nothing of another
// workspace. On PGlite and (TEST_DATABASE_URL) on PostgreSQL alike.
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { GET as thread } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { PUT as putLabels } from '@/app/api/workspaces/[wid]/inbox/[cid]/labels/route';
import { POST as postLabel } from '@/app/api/workspaces/[wid]/labels/route';
import type { InboxSearchPage } from '@/lib/conversations/constants';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { apiRequest } from './signed-in';
import { converse, newVisitor, ownWidget, type Owner } from './visitors';
import { inboxPage } from './inbox';
import { patchAs } from './teammates';

jest.setTimeout(120_000);

async function search(owner: Owner, query: Record<string, string>, headers = {}, workspaceId?: string) {
  const response = await inboxPage(owner, query, headers, workspaceId);
  return { status: response.status, body: await response.json() };
}

async function found(owner: Owner, query: Record<string, string>): Promise<InboxSearchPage> {
  const { status, body } = await search(owner, query);
  expect(status).toBe(200);
  return body;
}

/** What each hit's excerpt shows, its marked words in brackets (null: the visitor matched). */
const excerpts = (page: InboxSearchPage) =>
  page.results.map((hit) => hit.excerpt?.map((part) => (part.marked ? `[${part.text}]` : part.text)).join('') ?? null);

async function answer(owner: Owner, cid: string, text: string) {
  const response = await reply(
    apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${cid}/messages`, owner, { text }),
    { params: Promise.resolve({ wid: owner.workspaceId, cid }) },
  );
  expect(response.status).toBe(201);
  return (await response.json()).message.id as number;
}

describe('the inbox search', () => {
  let ada: Owner;
  let widgetId: string;
  let invoice: { cid: string; message: number };
  let english: { cid: string; message: number };
  let answerId: number;

  beforeAll(async () => {
    const bea = await ownWidget();
    await converse(bea.widgetId, await newVisitor(bea.widgetId), 'Meine Rechnung ist falsch', { name: 'Anna Other' });
    ({ owner: ada, widgetId } = await ownWidget());
    const anna = await newVisitor(widgetId);
    const started = await converse(widgetId, anna, 'Wo finde ich meine Rechnung für März?', {
      name: 'Anna Schmidt',
      email: 'anna@beispiel.de',
    });
    invoice = { cid: started.conversation.id, message: started.message.id };
    const ben = await converse(widgetId, await newVisitor(widgetId), 'I cannot find my invoices 100% of the time');
    english = { cid: ben.conversation.id, message: ben.message.id };
    answerId = await answer(ada, invoice.cid, 'Die Rechnungen stehen unter Abrechnung.');
  });

  it('finds a German word by another inflection and by its beginning, newest first, the match marked', async () => {
    for (const q of ['Rechnungen', 'rechnung', 'Rechn']) {
      const page = await found(ada, { q });
      expect(page.results.map((hit) => [hit.conversation.id, hit.messageId])).toEqual([
        [invoice.cid, answerId],
        [invoice.cid, invoice.message],
      ]);
      expect(excerpts(page)).toEqual([
        'Die [Rechnungen] stehen unter Abrechnung.',
        'Wo finde ich meine [Rechnung] für März?',
      ]);
      expect(page.nextCursor).toBeNull();
    }
  });

  it('finds an English word by its singular, and needs every word', async () => {
    expect(excerpts(await found(ada, { q: 'invoice' }))).toEqual(['I cannot find my [invoices] 100% of the time']);
    expect((await found(ada, { q: 'find invoice' })).results.map((hit) => hit.messageId)).toEqual([english.message]);
    expect((await found(ada, { q: 'invoice März' })).results).toEqual([]);
  });

  it('finds a conversation by its visitor’s name or address, taking wildcards literally', async () => {
    for (const q of ['anna sch', 'beispiel.de']) {
      const page = await found(ada, { q });
      expect(page.results.map((hit) => [hit.conversation.id, hit.messageId, hit.excerpt])).toEqual([
        [invoice.cid, answerId, null],
      ]);
      expect(page.results[0].conversation.visitor.name).toBe('Anna Schmidt');
    }
    expect((await found(ada, { q: '%' })).results).toEqual([]);
    expect((await found(ada, { q: '_' })).results).toEqual([]);
  });

  it('filters by status, assignee, widget and time', async () => {
    const { widgetId: other } = await ownWidget(ada, { name: 'Shop' });
    const third = await converse(other, await newVisitor(other), 'Rechnung bitte per Post');
    expect((await found(ada, { q: 'rechnung' })).results).toHaveLength(3);
    expect((await found(ada, { q: 'rechnung', widget: other })).results.map((hit) => hit.messageId)).toEqual([
      third.message.id,
    ]);
    expect((await patchAs({ ...ada, workspaceId: ada.workspaceId }, invoice.cid, { status: 'closed' })).status).toBe(
      200,
    );
    expect((await found(ada, { q: 'rechnung', status: 'open' })).results.map((hit) => hit.messageId)).toEqual([
      third.message.id,
    ]);
    expect((await found(ada, { q: 'rechnung', status: 'closed' })).results).toHaveLength(2);
    expect((await found(ada, { q: 'closed' })).results).toEqual([]);
    expect(
      (await patchAs({ ...ada, workspaceId: ada.workspaceId }, third.conversation.id, { assigneeId: ada.uid })).status,
    ).toBe(200);
    expect((await found(ada, { q: 'rechnung', assignee: 'me' })).results.map((hit) => hit.messageId)).toEqual([
      third.message.id,
    ]);
    expect((await found(ada, { q: 'rechnung', assignee: ada.uid })).results).toHaveLength(1);
    expect((await found(ada, { q: 'rechnung', assignee: 'none' })).results).toHaveLength(2);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await found(ada, { q: 'rechnung', from: future })).results).toEqual([]);
    expect((await found(ada, { q: 'rechnung', to: future })).results).toHaveLength(3);
  });

  it('filters by label, and tells snoozed from open as the inbox’s lists do', async () => {
    const { widgetId: own } = await ownWidget(ada, { name: 'Labels' });
    const tagged = await converse(own, await newVisitor(own), 'Lieferschein fehlt');
    const snoozed = await converse(own, await newVisitor(own), 'Lieferschein doppelt');
    const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
    const wid = ada.workspaceId;
    const made = await postLabel(
      apiRequest('POST', `/api/workspaces/${wid}/labels`, ada, { name: 'Versand', colour: 'teal' }),
      ctx({ wid }),
    );
    const label = (await made.json()).label.id as string;
    const cid = tagged.conversation.id;
    const put = apiRequest('PUT', `/api/workspaces/${wid}/inbox/${cid}/labels`, ada, { labels: [label] });
    expect((await putLabels(put, ctx({ wid, cid }))).status).toBe(200);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await patchAs(ada, snoozed.conversation.id, { snoozedUntil: later })).status).toBe(200);
    const ids = async (query: Record<string, string>) =>
      (await found(ada, { q: 'lieferschein', ...query })).results.map((hit) => hit.messageId);
    expect(await ids({})).toEqual([snoozed.message.id, tagged.message.id]);
    expect(await ids({ label })).toEqual([tagged.message.id]);
    expect(await ids({ status: 'snoozed' })).toEqual([snoozed.message.id]);
    expect(await ids({ status: 'open' })).toEqual([tagged.message.id]);
    expect(await ids({ status: 'snoozed', label })).toEqual([]);
  });

  it('pages through every hit once, by keyset', async () => {
    const { owner, widgetId: shop } = await ownWidget();
    const made: number[] = [];
    for (let index = 0; index < 57; index++) {
      const visitor = await newVisitor(shop);
      made.push((await converse(shop, visitor, `Wo bleibt mein Paket Nummer ${index}?`)).message.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page: InboxSearchPage = await found(owner, { q: 'pakete', ...(cursor && { cursor }) });
      sizes.push(page.results.length);
      seen.push(...page.results.map((hit) => hit.messageId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 7]);
    expect(seen).toEqual([...made].reverse());
  });

  it('opens a thread at a hit: from 25 messages before it (or the latest page) to the newest', async () => {
    const { owner, widgetId: shop } = await ownWidget();
    const { conversation, message } = await converse(shop, await newVisitor(shop), 'Nachricht 1');
    const ids = [message.id];
    for (let index = 2; index <= 80; index++) ids.push(await answer(owner, conversation.id, `Nachricht ${index}`));
    const open = async (around: number) => {
      const response = await thread(
        apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}?around=${around}`, owner),
        { params: Promise.resolve({ wid: owner.workspaceId, cid: conversation.id }) },
      );
      expect(response.status).toBe(200);
      return ((await response.json()).messages as { id: number }[]).map((m) => m.id);
    };
    expect(await open(ids[39])).toEqual(ids.slice(14));
    expect(await open(ids[9])).toEqual(ids);
    expect(await open(ids[75])).toEqual(ids.slice(30));
    // Another conversation's message opens this one's latest page: nothing of the other.
    expect(await open(invoice.message)).toEqual(ids.slice(30));
  });

  it('answers a malformed cursor or filter with a translated 400, and another workspace with 404', async () => {
    const cases = [
      [{ q: 'x', cursor: 'abc' }, 'en', 'invalidCursor'],
      [{ q: 'x', cursor: '-1' }, 'de', 'invalidCursor'],
      [{ q: 'x', from: 'yesterday' }, 'en', 'invalidBody'],
      [{ q: 'x'.repeat(201) }, 'de', 'invalidBody'],
      [{ q: 'x', label: 'billing' }, 'en', 'invalidBody'],
      [{ q: 'x', status: 'unread' }, 'de', 'invalidBody'],
    ] as const;
    for (const [query, locale, code] of cases) {
      const { status, body } = await search(ada, query, { 'accept-language': locale });
      expect([status, body.error.code, body.error.message]).toEqual([400, code, { en, de }[locale].Api.errors[code]]);
    }
    const stranger = await ownWidget();
    expect((await search(stranger.owner, { q: 'rechnung' }, {}, ada.workspaceId)).status).toBe(404);
  });
});
