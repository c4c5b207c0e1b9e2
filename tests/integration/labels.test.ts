// Labels of a workspace (issue 39, point 4): owners and admins manage them (agents 403), names are unique per
// workspace in any case (409), a conversation's labels are set whole by any member who answers (a label of
// another workspace is a 400, another workspace's conversation a 404), and the inbox filters by label with
// keyset paging across pages, combined with the status filter. Every error in both languages.
import { PUT as putLabels } from '@/app/api/workspaces/[wid]/inbox/[cid]/labels/route';
import { GET as getLabels, POST as postLabel } from '@/app/api/workspaces/[wid]/labels/route';
import { DELETE as deleteLabel, PATCH as patchLabel } from '@/app/api/workspaces/[wid]/labels/[id]/route';
import { PATCH as inboxPatch } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { INBOX_PAGE_SIZE, type LabelView } from '@/lib/conversations/constants';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { apiRequest } from './signed-in';
import { converse, newVisitor, ownWidget, type Owner } from './visitors';
import { inboxPage, inboxStream, type InboxPage } from './inbox';
import { join, verifiedAccount, type Client } from './members';

jest.setTimeout(180_000);

type Who = { cookie: string };
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });

const create = (who: Who, wid: string, body: unknown, headers = {}) =>
  postLabel(apiRequest('POST', `/api/workspaces/${wid}/labels`, who, body, headers), ctx({ wid }));
const rename = (who: Who, wid: string, id: string, body: unknown, headers = {}) =>
  patchLabel(apiRequest('PATCH', `/api/workspaces/${wid}/labels/${id}`, who, body, headers), ctx({ wid, id }));
const remove = (who: Who, wid: string, id: string) =>
  deleteLabel(apiRequest('DELETE', `/api/workspaces/${wid}/labels/${id}`, who), ctx({ wid, id }));
const list = async (who: Who, wid: string) =>
  (await (await getLabels(apiRequest('GET', `/api/workspaces/${wid}/labels`, who), ctx({ wid }))).json())
    .labels as LabelView[];
const label = (who: Who, wid: string, cid: string, labels: string[], headers = {}) =>
  putLabels(
    apiRequest('PUT', `/api/workspaces/${wid}/inbox/${cid}/labels`, who, { labels }, headers),
    ctx({ wid, cid }),
  );

async function created(who: Who, wid: string, name: string, colour = 'blue'): Promise<LabelView> {
  const response = await create(who, wid, { name, colour });
  expect(response.status).toBe(201);
  return (await response.json()).label;
}

async function errorOf(response: Response) {
  return [response.status, (await response.json()).error];
}

/** Every page of the inbox for `query`, following nextCursor to the end. */
async function pagesOf(owner: Owner, query: Record<string, string>) {
  const pages: InboxPage[] = [];
  let cursor: string | undefined;
  do {
    const response = await inboxPage(owner, { ...query, ...(cursor && { cursor }) });
    expect(response.status).toBe(200);
    pages.push((await response.json()) as InboxPage);
    cursor = pages.at(-1)!.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}
const idsOf = (pages: InboxPage[]) => pages.flatMap((p) => p.conversations.map((c) => c.id));

describe('labels', () => {
  let ada: Owner;
  let widgetId: string;
  let agent: Client;
  let conversationId: string;

  beforeAll(async () => {
    ({ owner: ada, widgetId } = await ownWidget());
    agent = await verifiedAccount('agent');
    await join(ada, ada.workspaceId, agent, 'agent');
    ({
      conversation: { id: conversationId },
    } = await converse(widgetId, await newVisitor(widgetId), 'Where is my invoice?'));
  });

  it('are created, renamed, recoloured and deleted by the owner, listed by name for every member', async () => {
    const wid = ada.workspaceId;
    const billing = await created(ada, wid, '  Billing ', 'amber');
    expect(billing).toEqual({ id: expect.any(String), name: 'Billing', colour: 'amber' });
    const bug = await created(ada, wid, 'bug');
    expect((await list(agent, wid)).map((l) => l.name)).toEqual(['Billing', 'bug']);

    const renamed = await rename(ada, wid, bug.id, { name: 'Bug report', colour: 'red' });
    expect([renamed.status, (await renamed.json()).label]).toEqual([
      200,
      { ...bug, name: 'Bug report', colour: 'red' },
    ]);
    expect((await remove(ada, wid, bug.id)).status).toBe(204);
    expect(await list(ada, wid)).toEqual([billing]);
    expect((await remove(ada, wid, bug.id)).status).toBe(404);
  });

  it('tells every open inbox of the workspace its labels as they change', async () => {
    const wid = ada.workspaceId;
    const stream = await inboxStream(agent, wid);
    const fresh = await created(ada, wid, 'Fresh', 'green');
    const names = async () => {
      for (;;) {
        const frames = stream.events.filter((e) => e.event === 'labels');
        const last = frames.at(-1) && (JSON.parse(frames.at(-1)!.data) as LabelView[]);
        if (last?.some((l) => l.id === fresh.id && l.colour === 'pink')) return last;
        await stream.take(stream.events.length + 1);
      }
    };
    expect((await rename(ada, wid, fresh.id, { colour: 'pink' })).status).toBe(200);
    expect(await names()).toContainEqual({ ...fresh, colour: 'pink' });
    stream.close();
  });

  it('refuses a name the workspace has in any case with a translated 409, on create and on rename', async () => {
    const wid = ada.workspaceId;
    await created(ada, wid, 'Urgent');
    const other = await created(ada, wid, 'Later');
    for (const [language, catalogue] of [
      ['en', en],
      ['de', de],
    ] as const) {
      const error = { code: 'labelExists', message: catalogue.Api.errors.labelExists };
      expect(
        await errorOf(await create(ada, wid, { name: 'URGENT', colour: 'red' }, { 'accept-language': language })),
      ).toEqual([409, error]);
      expect(
        await errorOf(await rename(ada, wid, other.id, { name: 'urgent' }, { 'accept-language': language })),
      ).toEqual([409, error]);
    }
    expect((await list(ada, wid)).filter((l) => l.name.toLowerCase() === 'urgent')).toHaveLength(1);
    // Another workspace may have the same name.
    const { owner: bea } = await ownWidget();
    await created(bea, bea.workspaceId, 'Urgent');
  });

  it('refuses bad names and colours with a translated 400', async () => {
    const wid = ada.workspaceId;
    for (const body of [
      { name: '', colour: 'red' },
      { name: 'x'.repeat(41), colour: 'red' },
      { name: 'Ok', colour: '#ff0000' },
      { name: 'Ok' },
    ]) {
      const response = await create(ada, wid, body, { 'accept-language': 'de' });
      expect([body, response.status]).toEqual([body, 400]);
      expect((await response.json()).error.message).toBe(de.Api.errors.invalidBody);
    }
  });

  it('are managed by owners and admins only: an agent gets 403 and changes nothing', async () => {
    const wid = ada.workspaceId;
    const mine = await created(ada, wid, 'Owner’s');
    expect((await errorOf(await create(agent, wid, { name: 'Agent’s', colour: 'red' })))[0]).toBe(403);
    expect((await errorOf(await rename(agent, wid, mine.id, { name: 'Taken over' })))[0]).toBe(403);
    expect((await remove(agent, wid, mine.id)).status).toBe(403);
    expect(await list(agent, wid)).toContainEqual(mine);
  });

  it('are set on a conversation whole, idempotently, by an agent; a foreign label is a translated 400', async () => {
    const wid = ada.workspaceId;
    const [one, two] = [await created(ada, wid, 'One'), await created(ada, wid, 'Two')];
    const labelled = async (ids: string[]) => {
      const response = await label(agent, wid, conversationId, ids);
      expect(response.status).toBe(200);
      return [...(await response.json()).conversation.labels].sort();
    };
    expect(await labelled([one.id, two.id, one.id])).toEqual([one.id, two.id].sort());
    expect(await labelled([one.id, two.id])).toEqual([one.id, two.id].sort());
    expect(await labelled([two.id])).toEqual([two.id]);

    const { owner: bea } = await ownWidget();
    const foreign = await created(bea, bea.workspaceId, 'Bea’s');
    for (const [language, catalogue] of [
      ['en', en],
      ['de', de],
    ] as const) {
      const response = await label(agent, wid, conversationId, [one.id, foreign.id], { 'accept-language': language });
      expect(await errorOf(response)).toEqual([
        400,
        { code: 'unknownLabel', message: catalogue.Api.errors.unknownLabel },
      ]);
    }
    expect(await labelled([two.id])).toEqual([two.id]);
    // Another workspace's conversation, or a workspace the member is not in: 404, as if it did not exist.
    expect((await label(bea, bea.workspaceId, conversationId, [foreign.id])).status).toBe(404);
    expect((await label(bea, wid, conversationId, [])).status).toBe(404);
    expect((await create(bea, wid, { name: 'Intruder', colour: 'red' })).status).toBe(404);
    expect((await rename(bea, bea.workspaceId, one.id, { name: 'Mine now' })).status).toBe(404);
    // Deleting a label takes it off its conversations.
    expect((await remove(ada, wid, two.id)).status).toBe(204);
    expect(await labelled([])).toEqual([]);
  });
});

it('filters the inbox by label with keyset paging across pages, alone and with a status', async () => {
  const { owner, widgetId } = await ownWidget();
  const wid = owner.workspaceId;
  const vip = await created(owner, wid, 'VIP', 'violet');
  const made: string[] = [];
  for (let visitor = null as Awaited<ReturnType<typeof newVisitor>> | null; made.length < INBOX_PAGE_SIZE + 20;) {
    if (made.length % 3 === 0) visitor = await newVisitor(widgetId);
    made.push((await converse(widgetId, visitor!, `Question ${made.length}`)).conversation.id);
  }
  const newestFirst = [...made].reverse();
  // 60 of 70 have the label, the other 10 spread between them: the label's pages skip those.
  const labelled = newestFirst.filter((_, at) => at % 7 !== 3);
  for (const cid of labelled) expect((await label(owner, wid, cid, [vip.id])).status).toBe(200);
  const closed = labelled.slice(0, 5);
  for (const cid of closed) {
    const request = apiRequest('PATCH', `/api/workspaces/${wid}/inbox/${cid}`, owner, { status: 'closed' });
    expect((await inboxPatch(request, ctx({ wid, cid }))).status).toBe(200);
  }

  const pages = await pagesOf(owner, { label: vip.id });
  expect(pages.map((p) => p.conversations.length)).toEqual([INBOX_PAGE_SIZE, labelled.length - INBOX_PAGE_SIZE]);
  expect(idsOf(pages)).toEqual(labelled);
  expect(pages.every((page) => page.conversations.every((c) => c.labels.includes(vip.id)))).toBe(true);
  expect(idsOf(await pagesOf(owner, { label: vip.id, status: 'closed' }))).toEqual(closed);
  const open = await pagesOf(owner, { label: vip.id, status: 'open' });
  expect([open.length, idsOf(open)]).toEqual([2, labelled.slice(5)]);

  // A label of another workspace finds nothing here; a malformed one is a 400.
  const { owner: bea } = await ownWidget();
  const foreign = await created(bea, bea.workspaceId, 'VIP');
  expect(idsOf(await pagesOf(owner, { label: foreign.id }))).toEqual([]);
  expect((await inboxPage(owner, { label: 'not-a-label' })).status).toBe(400);
});
