// The permission matrix (issue 36): every action of lib/workspaces/permissions.ts, through its API, as every
// role, a former member and a stranger: allowed roles succeed, other members get 403 (the owner leaving: 409),
// former members and strangers 404. The README's table is the code's.
import { readFileSync } from 'node:fs';
import { GET as listWidgets, POST as createWidget } from '@/app/api/widgets/route';
import { PATCH as updateWidget } from '@/app/api/widgets/[id]/route';
import { PATCH as patchConversation } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { POST as createLabel } from '@/app/api/workspaces/[wid]/labels/route';
import { GET as readReport } from '@/app/api/workspaces/[wid]/reports/route';
import { WORKSPACE_ROLES, type WorkspaceRole } from '@/lib/db/schema';
import { PERMISSIONS, WORKSPACE_ACTIONS, type WorkspaceAction } from '@/lib/workspaces/permissions';
import { apiRequest } from './signed-in';
import { blockVisitor, eraseVisitor, exportVisitor } from './visitor-admin';
import { inboxPage } from './inbox';
import { createReplyIn, listRepliesOf, newReply } from './replies';
import { converse, newVisitor } from './visitors';
import {
  changeRoleIn,
  deleteIn,
  inviteTo,
  join,
  membersOf,
  removeFrom,
  teamOf,
  verifiedAccount,
  type Client,
} from './members';

type Team = {
  wid: string;
  widgetId: string;
  conversationId: string;
  visitorId: string;
  /** Members nobody acts as: whom the member actions target (a removal takes the first). */
  targets: Client[];
};
type Walk = (who: Client, team: Team) => Promise<Response>;

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const inboxPath = (team: Team) => `/api/workspaces/${team.wid}/inbox/${team.conversationId}`;

/** How each action is asked for through the API. */
const WALKS: Record<WorkspaceAction, Walk> = {
  'inbox.read': (who, team) => inboxPage(who, {}, {}, team.wid),
  'inbox.answer': (who, team) =>
    reply(
      apiRequest('POST', `${inboxPath(team)}/messages`, who, { text: 'On it' }),
      ctx({ wid: team.wid, cid: team.conversationId }),
    ),
  'inbox.close': (who, team) =>
    patchConversation(
      apiRequest('PATCH', inboxPath(team), who, { status: 'closed' }),
      ctx({ wid: team.wid, cid: team.conversationId }),
    ),
  'inbox.assign': (who, team) =>
    patchConversation(
      apiRequest('PATCH', inboxPath(team), who, { assigneeId: who.uid }),
      ctx({ wid: team.wid, cid: team.conversationId }),
    ),
  'labels.manage': (who, team) =>
    createLabel(
      apiRequest('POST', `/api/workspaces/${team.wid}/labels`, who, { name: `Label ${who.uid}`, colour: 'teal' }),
      ctx({ wid: team.wid }),
    ),
  'visitors.block': (who, team) => blockVisitor(who, team.wid, team.visitorId),
  // Each erasure takes a visitor of its own: the one before is gone.
  'visitors.erase': async (who, team) => {
    const visitor = await newVisitor(team.widgetId);
    await converse(team.widgetId, visitor, 'Please forget me');
    return eraseVisitor(who, team.wid, visitor.visitorId);
  },
  'visitors.export': (who, team) => exportVisitor(who, team.wid, team.visitorId),
  'widgets.read': (who, team) => listWidgets(apiRequest('GET', `/api/widgets?workspace=${team.wid}`, who)),
  'widgets.manage': (who, team) =>
    updateWidget(
      apiRequest('PATCH', `/api/widgets/${team.widgetId}`, who, { name: 'Renamed' }),
      ctx({ id: team.widgetId }),
    ),
  'reports.read': (who, team) =>
    readReport(
      apiRequest('GET', `/api/workspaces/${team.wid}/reports?from=2026-01-01&to=2026-01-31&tz=Europe/Berlin`, who),
      ctx({ wid: team.wid }),
    ),
  'replies.read': (who, team) => listRepliesOf(who, team.wid),
  'replies.manage': (who, team) => createReplyIn(who, team.wid, newReply()),
  'members.read': (who, team) => membersOf(who, team.wid),
  'members.invite': (who, team) =>
    inviteTo(who, team.wid, { email: `invited-${crypto.randomUUID()}@example.com`, role: 'agent' }),
  'members.remove': async (who, team) => {
    const response = await removeFrom(who, team.wid, team.targets[0].uid);
    if (response.ok) team.targets.shift();
    return response;
  },
  'members.changeRole': (who, team) => changeRoleIn(who, team.wid, team.targets[0].uid, 'admin'),
  'members.leave': (who, team) => removeFrom(who, team.wid, who.uid),
  'workspace.delete': (who, team) => deleteIn(who, team.wid),
  'workspace.transferOwnership': (who, team) => changeRoleIn(who, team.wid, team.targets[0].uid, 'owner'),
};

let people: Record<WorkspaceRole | 'former' | 'stranger', Client>;
let targets: Client[];

beforeAll(async () => {
  const [owner, admin, agent, former, stranger, ...rest] = await Promise.all(
    ['owner', 'admin', 'agent', 'former', 'stranger', 'target', 'target'].map((prefix) => verifiedAccount(prefix)),
  );
  people = { owner, admin, agent, former, stranger };
  targets = rest;
});

/** A team with one member of each role, two more agents to act on, a former member, a widget and a conversation. */
async function team(): Promise<Team> {
  const wid = await teamOf(people.owner);
  for (const role of ['admin', 'agent'] as const) await join(people.owner, wid, people[role], role);
  for (const target of [...targets, people.former]) await join(people.owner, wid, target, 'agent');
  expect((await removeFrom(people.former, wid, people.former.uid)).status).toBe(204);
  const created = await createWidget(
    apiRequest('POST', `/api/widgets?workspace=${wid}`, people.owner, {
      name: 'Help desk',
      allowedOrigins: ['https://shop.example.com'],
      accentColor: '#4338ca',
      greeting: 'Hi!',
      locale: 'en',
    }),
  );
  expect(created.status).toBe(201);
  const widgetId = (await created.json()).widget.id as string;
  const visitor = await newVisitor(widgetId);
  const { conversation } = await converse(widgetId, visitor, 'Hello?');
  return { wid, widgetId, conversationId: conversation.id, visitorId: visitor.visitorId, targets: [...targets] };
}

describe('the permission matrix', () => {
  it('has a walk for every action, and the README shows the same table', () => {
    expect(Object.keys(WALKS).sort()).toEqual([...WORKSPACE_ACTIONS].sort());
    const readme = readFileSync('README.md', 'utf8');
    const rows = [...readme.matchAll(/^\| `([a-z]+\.[a-zA-Z]+)` \|([^\n]*)\|$/gm)].map(([, action, cells]) => [
      action,
      cells.split('|').map((cell) => cell.trim()),
    ]);
    expect(Object.fromEntries(rows)).toEqual(
      Object.fromEntries(
        WORKSPACE_ACTIONS.map((action) => [
          action,
          WORKSPACE_ROLES.map((role) => ((PERMISSIONS[action] as readonly string[]).includes(role) ? 'yes' : 'no')),
        ]),
      ),
    );
  });

  it.each(WORKSPACE_ACTIONS)(
    '%s: allowed roles act, other members 403, former members and strangers 404',
    async (action) => {
      const fixture = await team();
      const allowed: readonly WorkspaceRole[] = PERMISSIONS[action];
      const denied = WORKSPACE_ROLES.filter((role) => !allowed.includes(role));
      const outcome = async (who: Client) => {
        const response = await WALKS[action](who, fixture);
        return [response.status, response.status >= 400 ? (await response.json()).error.code : 'ok'];
      };
      expect(await outcome(people.stranger)).toEqual([404, 'notFound']);
      expect(await outcome(people.former)).toEqual([404, 'notFound']);
      for (const role of denied)
        expect([role, ...(await outcome(people[role]))]).toEqual(
          role === 'owner' && action === 'members.leave' ? [role, 409, 'ownerMustTransfer'] : [role, 403, 'forbidden'],
        );
      // The owner goes last: after deleting or handing over the workspace, nobody else could try.
      for (const role of [...allowed].reverse()) {
        const [status] = await outcome(people[role]);
        expect([role, status >= 200 && status < 300]).toEqual([role, true]);
      }
    },
  );
});
