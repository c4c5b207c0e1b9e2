// What runs on its own follows the plan in force, not only the settings saved under a larger one: a downgrade
// keeps a widget's business hours and auto-assignment settings but stops what they do, and a read-only
// workspace's widgets say the team is away.
import { and, eq } from 'drizzle-orm';
import { GET as frame } from '@/app/embed/[widgetId]/route';
import { giveOutWaiting } from '@/lib/conversations/assignment';
import { widgetPresence } from '@/lib/conversations/operators';
import { database } from '@/lib/db';
import { conversations, subscriptions, widgets } from '@/lib/db/schema';
import { NextRequest } from 'next/server';
import { grantPlan } from './plans';
import { ORIGIN, signedIn } from './signed-in';
import { setSwitch, teammate } from './teammates';
import { converse, newVisitor, ownWidget } from './visitors';

jest.mock('@/app/embed/[widgetId]/manifest', () => jest.requireActual('./frame-manifest'));

const online = async (widgetId: string) => (await widgetPresence(widgetId))!.available;

async function toFreeTier(workspaceId: string) {
  await (
    await database()
  )
    .update(subscriptions)
    .set({ status: 'canceled' })
    .where(eq(subscriptions.workspaceId, workspaceId));
}

async function frameHours(widgetId: string) {
  const html = await (
    await frame(new NextRequest(`${ORIGIN}/embed/${widgetId}`), { params: Promise.resolve({ widgetId }) })
  ).text();
  const props = /<script type="application\/json" id="widget-props">([^<]*)<\/script>/.exec(html)![1];
  return JSON.parse(props).widget.businessHours;
}

it('counts business hours only while the plan has them', async () => {
  const owner = await signedIn('hours');
  const { widgetId } = await ownWidget(owner, {}, 'starter');
  await setSwitch(await teammate(owner.workspaceId, 'hours-agent'), 'available');
  // Open only on a day that is not today (UTC): closed now.
  const days = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
  const hours = { timeZone: 'UTC', days: { [days[(new Date().getUTCDay() + 2) % 7]]: { from: '00:00', to: '23:59' } } };
  await (await database()).update(widgets).set({ businessHours: hours }).where(eq(widgets.id, widgetId));
  expect(await online(widgetId)).toBe(false);
  expect(await frameHours(widgetId)).toEqual(hours);

  await toFreeTier(owner.workspaceId);
  expect(await online(widgetId)).toBe(true);
  expect(await frameHours(widgetId)).toBeNull();
  const [kept] = await (await database()).select().from(widgets).where(eq(widgets.id, widgetId));
  expect(kept.businessHours).toEqual(hours);
});

it('assigns automatically only while the plan has auto-assignment', async () => {
  const owner = await signedIn('assign');
  const { widgetId } = await ownWidget(owner, { autoAssign: true }, 'professional');
  const agent = await teammate(owner.workspaceId, 'assign-agent');
  await setSwitch(agent, 'available');
  const assignee = async (id: string) =>
    (await (await database()).select().from(conversations).where(eq(conversations.id, id)))[0].assigneeUid;
  const first = await converse(widgetId, await newVisitor(widgetId), 'First');
  expect(await assignee(first.conversation.id)).toBe(agent.uid);

  await grantPlan(owner.workspaceId, 'starter');
  const second = await converse(widgetId, await newVisitor(widgetId), 'Second');
  expect(await assignee(second.conversation.id)).toBeNull();
  expect(await giveOutWaiting(owner.workspaceId)).toBe(0);
  expect(await assignee(second.conversation.id)).toBeNull();

  await grantPlan(owner.workspaceId, 'professional');
  expect(await giveOutWaiting(owner.workspaceId)).toBe(1);
  const waiting = await (
    await database()
  )
    .select()
    .from(conversations)
    .where(and(eq(conversations.widgetId, widgetId), eq(conversations.id, second.conversation.id)));
  expect(waiting[0].assigneeUid).toBe(agent.uid);
});

it('says the team is away while the workspace is read-only, whatever the switch says', async () => {
  const owner = await signedIn('away');
  const { widgetId } = await ownWidget(owner, {}, 'starter');
  await (await database()).update(widgets).set({ presence: 'available' }).where(eq(widgets.id, widgetId));
  expect(await online(widgetId)).toBe(true);
  await grantPlan(owner.workspaceId, 'starter', 'read_only');
  expect(await online(widgetId)).toBe(false);
  await grantPlan(owner.workspaceId, 'starter', 'active');
  expect(await online(widgetId)).toBe(true);
});
