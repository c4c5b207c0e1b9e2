// Seats after the plan changes (issue 38, point 4): a plan with fewer seats than members puts the newest aside
// (nothing deleted, no access), the owner may swap whom, and a larger plan brings those the seats put aside
// back by itself, oldest first; a choice the owner made stays. The same for a subscription that ends.
import { PATCH as patchMember } from '@/app/api/workspaces/[wid]/members/[uid]/route';
import { listDeactivatedMembers } from '@/lib/workspaces/deactivation';
import { advanceBy, cancelPlan, changePlan, subscribe } from './billing';
import { inboxPage } from './inbox';
import { join, membersOf, teamOf, verifiedAccount, type Client } from './members';
import { apiRequest } from './signed-in';

const patch = (who: Client, wid: string, uid: string, body: unknown) =>
  patchMember(apiRequest('PATCH', `/api/workspaces/${wid}/members/${uid}`, who, body), {
    params: Promise.resolve({ wid, uid }),
  });

const memberIds = async (who: Client, wid: string) =>
  ((await (await membersOf(who, wid)).json()).members as { uid: string }[]).map((m) => m.uid).sort();

const asideOf = async (owner: Client, wid: string) =>
  Object.fromEntries((await listDeactivatedMembers(owner, wid)).map((m) => [m.uid, m.reason]));

const inboxStatus = async (who: Client, wid: string) =>
  (await inboxPage({ ...who, workspaceId: wid } as Parameters<typeof inboxPage>[0])).status;

it('fits the members to a smaller plan, newest aside, and brings them back as seats free up', async () => {
  const owner = await verifiedAccount('seats-owner');
  const wid = await teamOf(owner, 'Growing team', null);
  await subscribe(owner, wid, 'professional');
  const [admin, first, second, third] = [
    await verifiedAccount('seats-admin'),
    await verifiedAccount('seats-first'),
    await verifiedAccount('seats-second'),
    await verifiedAccount('seats-third'),
  ];
  await join(owner, wid, admin, 'admin');
  for (const agent of [first, second, third]) await join(owner, wid, agent, 'agent');

  // Starter has three seats: the downgrade applies at the period's end, and then the two newest go aside.
  expect((await changePlan(owner, wid, { plan: 'starter', interval: 'month' })).status).toBe(200);
  expect(await memberIds(owner, wid)).toHaveLength(5);
  await advanceBy(32);
  expect(await memberIds(owner, wid)).toEqual([owner.uid, admin.uid, first.uid].sort());
  expect(await asideOf(owner, wid)).toEqual({ [second.uid]: 'seats', [third.uid]: 'seats' });
  expect(await inboxStatus(third, wid)).toBe(404);
  expect(await inboxStatus(first, wid)).toBe(200);

  // The owner would rather have the third agent than the first: a swap within the seats.
  expect((await patch(owner, wid, first.uid, { active: false })).status).toBe(204);
  expect((await patch(owner, wid, third.uid, { active: true })).status).toBe(204);
  expect(await inboxStatus(third, wid)).toBe(200);

  // Back on Professional at once: whom the seats put aside returns, whom the owner chose stays aside.
  expect((await changePlan(owner, wid, { plan: 'professional', interval: 'month' })).status).toBe(200);
  expect(await memberIds(owner, wid)).toEqual([owner.uid, admin.uid, second.uid, third.uid].sort());
  expect(await asideOf(owner, wid)).toEqual({ [first.uid]: 'chosen' });

  // A subscription that ends leaves the free tier's one seat: the owner's.
  expect((await cancelPlan(owner, wid)).status).toBe(200);
  await advanceBy(32);
  expect(await memberIds(owner, wid)).toEqual([owner.uid]);
  expect(await asideOf(owner, wid)).toEqual({
    [first.uid]: 'chosen',
    [admin.uid]: 'seats',
    [second.uid]: 'seats',
    [third.uid]: 'seats',
  });
  expect(await inboxStatus(admin, wid)).toBe(404);
}, 120_000);
