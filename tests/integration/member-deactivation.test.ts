// Deactivating members to fit a plan (issue 38, point 4): the owner or an admin chooses whom; a deactivated
// member has no access and takes no seat, keeps their account, and comes back with their role when activated
// within the plan's seats. Nothing is deleted.
import { PATCH as patchMember } from '@/app/api/workspaces/[wid]/members/[uid]/route';
import { listDeactivatedMembers } from '@/lib/workspaces/deactivation';
import { inboxPage } from './inbox';
import { inviteTo, join, membersOf, teamOf, verifiedAccount, type Client } from './members';
import { apiRequest } from './signed-in';

const patch = (who: Client, wid: string, uid: string, body: unknown, headers: Record<string, string> = {}) =>
  patchMember(apiRequest('PATCH', `/api/workspaces/${wid}/members/${uid}`, who, body, headers), {
    params: Promise.resolve({ wid, uid }),
  });

const roles = async (who: Client, wid: string) =>
  Object.fromEntries(
    ((await (await membersOf(who, wid)).json()).members as { uid: string; role: string }[]).map((m) => [m.uid, m.role]),
  );

const inboxStatus = async (who: Client, wid: string) =>
  (await inboxPage({ ...who, workspaceId: wid } as Parameters<typeof inboxPage>[0])).status;

it('takes a member out of a full plan and brings them back with their role once a seat is free', async () => {
  const owner = await verifiedAccount('deactivating');
  const wid = await teamOf(owner, 'Starter team', 'starter');
  const [admin, agent] = [await verifiedAccount('kept-admin'), await verifiedAccount('paused-agent')];
  await join(owner, wid, admin, 'admin');
  await join(owner, wid, agent, 'agent');
  expect((await inviteTo(owner, wid, { email: 'fourth@example.com', role: 'agent' })).status).toBe(402);

  expect((await patch(admin, wid, agent.uid, { active: false })).status).toBe(204);
  expect(await inboxStatus(agent, wid)).toBe(404);
  expect(await roles(owner, wid)).toEqual({ [owner.uid]: 'owner', [admin.uid]: 'admin' });
  expect(await listDeactivatedMembers(owner, wid)).toEqual([
    expect.objectContaining({ uid: agent.uid, role: 'agent', email: agent.email }),
  ]);
  // The seat is free: another address can be invited, and then the agent cannot come back.
  expect((await inviteTo(owner, wid, { email: 'fourth@example.com', role: 'agent' })).status).toBe(201);
  const refused = await patch(owner, wid, agent.uid, { active: true }, { 'accept-language': 'de' });
  expect([refused.status, (await refused.json()).error.code]).toEqual([402, 'planLimit']);

  await patch(owner, wid, admin.uid, { active: false });
  expect((await patch(owner, wid, agent.uid, { active: true })).status).toBe(204);
  expect(await roles(owner, wid)).toEqual({ [owner.uid]: 'owner', [agent.uid]: 'agent' });
  expect(await inboxStatus(agent, wid)).toBe(200);
  expect(await listDeactivatedMembers(owner, wid)).toEqual([
    expect.objectContaining({ uid: admin.uid, role: 'admin' }),
  ]);
});

it('refuses what is not someone else’s membership to manage, and bad bodies, writing nothing', async () => {
  const owner = await verifiedAccount('deactivation-rules');
  const wid = await teamOf(owner, 'Rules');
  const [admin, agent] = [await verifiedAccount('rules-admin'), await verifiedAccount('rules-agent')];
  await join(owner, wid, admin, 'admin');
  await join(owner, wid, agent, 'agent');
  expect((await patch(agent, wid, admin.uid, { active: false })).status).toBe(403);
  expect((await patch(admin, wid, owner.uid, { active: false })).status).toBe(403);
  expect((await patch(admin, wid, admin.uid, { active: false })).status).toBe(403);
  expect((await patch(owner, wid, 'nobody', { active: false })).status).toBe(404);
  expect((await patch(owner, wid, 'nobody', { active: true })).status).toBe(404);
  expect((await patch(owner, wid, agent.uid, { active: false }, { origin: 'https://evil.example' })).status).toBe(403);
  for (const body of [{}, { active: 'no' }, { role: 'owner', active: false, extra: 1 }])
    expect((await patch(owner, wid, agent.uid, body)).status).toBe(400);
  expect(Object.keys(await roles(owner, wid))).toHaveLength(3);
  expect(await listDeactivatedMembers(owner, wid)).toEqual([]);
});

it('lets a deactivated member come back through a new invitation', async () => {
  const owner = await verifiedAccount('deactivation-invite');
  const wid = await teamOf(owner, 'Back again');
  const agent = await verifiedAccount('returning-agent');
  await join(owner, wid, agent, 'agent');
  await patch(owner, wid, agent.uid, { active: false });
  await join(owner, wid, agent, 'admin');
  expect((await roles(owner, wid))[agent.uid]).toBe('admin');
  expect(await listDeactivatedMembers(owner, wid)).toEqual([]);
});
