// Every widget, visitor, conversation and message belongs to a workspace, and only its members reach them
// (issue 36): a member of workspace B gets the same 404 as for something that does not exist on every route
// that reads or writes those of workspace A, whether they name A or their own B, and nothing of A changes. An
// agent of A answers A's inbox but may not change its widgets (403).
import { NextRequest } from 'next/server';
import { and, eq } from 'drizzle-orm';
import { GET as listWidgets, POST as createWidget } from '@/app/api/widgets/route';
import { DELETE as deleteWidget, GET as showWidget, PATCH as updateWidget } from '@/app/api/widgets/[id]/route';
import { POST as rotateSecret } from '@/app/api/widgets/[id]/secret/route';
import { GET as inbox } from '@/app/api/workspaces/[wid]/inbox/route';
import { GET as thread, PATCH as patchConversation } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { GET as messages, POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { POST as typing } from '@/app/api/workspaces/[wid]/inbox/[cid]/typing/route';
import { POST as note } from '@/app/api/workspaces/[wid]/inbox/[cid]/notes/route';
import { GET as presence, PUT as setPresence } from '@/app/api/workspaces/[wid]/inbox/presence/route';
import { GET as events } from '@/app/api/workspaces/[wid]/inbox/events/route';
import { database } from '@/lib/db';
import { conversationMessages, conversations, widgets, workspaceMembers } from '@/lib/db/schema';
import { ORIGIN, apiRequest, signedIn } from '../integration/signed-in';
import { converse, newVisitor, ownWidget } from '../integration/visitors';

jest.setTimeout(60_000);

type Client = Awaited<ReturnType<typeof signedIn>>;
const ws = (wid: string) => ({ params: Promise.resolve({ wid }) });
const thr = (wid: string, cid: string) => ({ params: Promise.resolve({ wid, cid }) });
const wgt = (id: string) => ({ params: Promise.resolve({ id }) });

let alice: Client;
let bob: Client;
let widgetId: string;
let cid: string;

beforeAll(async () => {
  ({ owner: alice, widgetId } = await ownWidget());
  bob = (await ownWidget()).owner;
  const visitor = await newVisitor(widgetId);
  cid = (await converse(widgetId, visitor, 'Only the members of A may read this.')).conversation.id;
});

/** Everything of A, as it is in the database. */
async function stateOfA() {
  const db = await database();
  return {
    widget: await db.select().from(widgets).where(eq(widgets.id, widgetId)),
    conversation: await db.select().from(conversations).where(eq(conversations.id, cid)),
    messages: await db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, cid)),
  };
}

/** Every route on A's widget, visitors, conversations and messages, called by `who` naming workspace `wid`. */
function everyRoute(who: Client, wid: string) {
  const base = `/api/workspaces/${wid}/inbox`;
  const stream = () => events(new NextRequest(`${ORIGIN}${base}/events`, { headers: { cookie: who.cookie } }), ws(wid));
  return [
    ['list inbox', () => inbox(apiRequest('GET', base, who), ws(wid))],
    ['read thread', () => thread(apiRequest('GET', `${base}/${cid}`, who), thr(wid, cid))],
    ['close', () => patchConversation(apiRequest('PATCH', `${base}/${cid}`, who, { status: 'closed' }), thr(wid, cid))],
    [
      'mark read',
      () => patchConversation(apiRequest('PATCH', `${base}/${cid}`, who, { readUpTo: 1e9 }), thr(wid, cid)),
    ],
    ['read messages', () => messages(apiRequest('GET', `${base}/${cid}/messages`, who), thr(wid, cid))],
    ['reply', () => reply(apiRequest('POST', `${base}/${cid}/messages`, who, { text: 'Injected' }), thr(wid, cid))],
    ['note', () => note(apiRequest('POST', `${base}/${cid}/notes`, who, { text: 'Injected' }), thr(wid, cid))],
    ['type', () => typing(apiRequest('POST', `${base}/${cid}/typing`, who, { typing: true }), thr(wid, cid))],
    ['read presence', () => presence(apiRequest('GET', `${base}/presence`, who), ws(wid))],
    ['set presence', () => setPresence(apiRequest('PUT', `${base}/presence`, who, { presence: 'away' }), ws(wid))],
    ['stream', stream],
  ] as const;
}

function widgetRoutes(who: Client, wid: string) {
  const body = { name: 'Taken over', allowedOrigins: [], accentColor: '#4338ca', locale: 'en' };
  return [
    ['list widgets', () => listWidgets(apiRequest('GET', `/api/widgets?workspace=${wid}`, who))],
    ['create widget', () => createWidget(apiRequest('POST', `/api/widgets?workspace=${wid}`, who, body))],
    ['show widget', () => showWidget(apiRequest('GET', `/api/widgets/${widgetId}`, who), wgt(widgetId))],
    [
      'edit widget',
      () => updateWidget(apiRequest('PATCH', `/api/widgets/${widgetId}`, who, { name: 'X' }), wgt(widgetId)),
    ],
    ['rotate secret', () => rotateSecret(apiRequest('POST', `/api/widgets/${widgetId}/secret`, who), wgt(widgetId))],
    ['delete widget', () => deleteWidget(apiRequest('DELETE', `/api/widgets/${widgetId}`, who), wgt(widgetId))],
  ] as const;
}

async function statusesOf(routes: readonly (readonly [string, () => Promise<Response>])[]) {
  const answers: [string, number, string][] = [];
  for (const [name, call] of routes) {
    const response = await call();
    const body = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
    answers.push([name, response.status, body?.error?.code ?? '']);
  }
  return answers;
}

it('answers a member of another workspace 404 on every route of A, through A’s id or their own, and keeps A', async () => {
  const before = await stateOfA();
  const refused = (routes: readonly (readonly [string, unknown])[]) => routes.map(([name]) => [name, 404, 'notFound']);
  const throughA = [...everyRoute(bob, alice.workspaceId), ...widgetRoutes(bob, alice.workspaceId)];
  expect(await statusesOf(throughA)).toEqual(refused(throughA));
  // Their own workspace with A's conversation: still nothing.
  const throughB = everyRoute(bob, bob.workspaceId).filter(([name]) => !/list inbox|presence|stream/.test(name));
  expect(await statusesOf(throughB)).toEqual(refused(throughB));
  // A malformed workspace id is the same 404.
  expect(await statusesOf(everyRoute(bob, 'not-a-uuid').slice(0, 1))).toEqual([['list inbox', 404, 'notFound']]);
  expect(await stateOfA()).toEqual(before);
  // Bob's inbox lists none of A's conversations.
  const own = await (
    await inbox(apiRequest('GET', `/api/workspaces/${bob.workspaceId}/inbox`, bob), ws(bob.workspaceId))
  ).json();
  expect(JSON.stringify(own)).not.toContain(cid);
});

it('lets an agent of A answer its inbox, and refuses them every change of its widgets with 403', async () => {
  const db = await database();
  await db.insert(workspaceMembers).values({ workspaceId: alice.workspaceId, uid: bob.uid, role: 'agent' });
  try {
    const before = (await stateOfA()).widget;
    const changes = widgetRoutes(bob, alice.workspaceId).filter(([name]) => /create|edit|rotate|delete/.test(name));
    expect(await statusesOf(changes)).toEqual(changes.map(([name]) => [name, 403, 'forbidden']));
    expect((await stateOfA()).widget).toEqual(before);
    const reads = widgetRoutes(bob, alice.workspaceId).filter(([name]) => /list|show/.test(name));
    expect(await statusesOf(reads)).toEqual(reads.map(([name]) => [name, 200, '']));
    const answer = await reply(
      apiRequest('POST', `/api/workspaces/${alice.workspaceId}/inbox/${cid}/messages`, bob, { text: 'Agent here.' }),
      thr(alice.workspaceId, cid),
    );
    expect(answer.status).toBe(201);
  } finally {
    await db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.uid, bob.uid), eq(workspaceMembers.workspaceId, alice.workspaceId)));
  }
  // Removed, they read nothing of A from the next request on.
  const again = everyRoute(bob, alice.workspaceId).slice(0, 2);
  expect(await statusesOf(again)).toEqual(again.map(([name]) => [name, 404, 'notFound']));
});
