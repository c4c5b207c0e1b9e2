// What a plan unlocks (lib/billing/plans.ts), enforced at the API: widgets, seats, each feature, the read-only
// state of an overdue workspace, and the plans bought once before subscriptions, which their buyers keep.
import { eq } from 'drizzle-orm';
import { POST as create } from '@/app/api/widgets/route';
import { PATCH as update } from '@/app/api/widgets/[id]/route';
import { POST as rotate } from '@/app/api/widgets/[id]/secret/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { entitlementOf } from '@/lib/billing/entitlements';
import { PLANS } from '@/lib/billing/plans';
import { database } from '@/lib/db';
import { SUPPORT_WORKSPACE, orders, products, workspaces } from '@/lib/db/schema';
import { seedSupportWidget } from '@/lib/widgets/support';
import { ensurePersonalWorkspace } from '@/lib/workspaces/service';
import { acceptAs, invitationMails, inviteTo, join, teamOf, verifiedAccount } from './members';
import { inboxPage } from './inbox';
import { grantPlan } from './plans';
import { apiRequest, signedIn } from './signed-in';
import { converse, newVisitor, ownWidget } from './visitors';

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const widget = { name: 'Desk', allowedOrigins: [], accentColor: '#4338ca', greeting: 'Hi', locale: 'en' };
const hours = { timeZone: 'Europe/Berlin', days: { mon: { from: '09:00', to: '17:00' } } };

async function refusal(response: Response) {
  return [response.status, (await response.json()).error] as const;
}

async function widgetIn(owner: { cookie: string }, wid: string, settings: Record<string, unknown> = {}) {
  return create(apiRequest('POST', `/api/widgets?workspace=${wid}`, owner, { ...widget, ...settings }));
}

describe('what a plan unlocks', () => {
  it('keeps each plan to its widgets, naming the plan that has more', async () => {
    const owner = await signedIn('plans');
    for (const [plan, next] of [
      [null, 'starter'],
      ['starter', 'professional'],
      ['professional', 'business'],
    ] as const) {
      const wid = await teamOf(owner, `Widgets ${plan}`, plan);
      const allowed = PLANS[plan ?? 'free'].widgets;
      for (let i = 0; i < allowed; i++) expect((await widgetIn(owner, wid, { name: `W${i}` })).status).toBe(201);
      expect(await refusal(await widgetIn(owner, wid, { name: 'One more' }))).toEqual([
        402,
        expect.objectContaining({ plan: next }),
      ]);
    }
  });

  it('gives as many seats as the plan has: members and pending invitations each take one', async () => {
    const owner = await verifiedAccount('seats');
    const free = await teamOf(owner, 'Free', null);
    const [status, error] = await refusal(
      await inviteTo(owner, free, { email: 'one@example.com', role: 'agent' }, { 'accept-language': 'en' }),
    );
    expect([status, error]).toEqual([
      402,
      {
        code: 'planLimit',
        message: 'Your plan does not include this. The Starter plan does: change the plan on the billing page.',
        plan: 'starter',
      },
    ]);

    const wid = await teamOf(owner, 'Starter', 'starter');
    const agent = await verifiedAccount('seat-agent');
    await join(owner, wid, agent, 'agent');
    expect((await inviteTo(owner, wid, { email: 'pending@example.com', role: 'agent' })).status).toBe(201);
    // Three seats: the owner, the agent, the pending invitation; re-sending that one takes no new seat.
    expect((await inviteTo(owner, wid, { email: 'pending@example.com', role: 'admin' })).status).toBe(201);
    expect(await refusal(await inviteTo(owner, wid, { email: 'fourth@example.com', role: 'agent' }))).toEqual([
      402,
      expect.objectContaining({ code: 'planLimit', plan: 'professional' }),
    ]);
  });

  it('lets nobody accept into a seat the plan no longer has, while a member already in stays', async () => {
    const owner = await verifiedAccount('shrunk');
    const wid = await teamOf(owner, 'Shrinking', 'starter');
    const late = await verifiedAccount('late');
    expect((await inviteTo(owner, wid, { email: late.email, role: 'agent' })).status).toBe(201);
    await grantPlan(wid, 'starter');
    const agent = await verifiedAccount('early');
    await join(owner, wid, agent, 'agent');
    // Back to the free tier's one seat (a downgrade never removes members): the pending invitation cannot be used.
    await (await database()).execute(`update subscriptions set status = 'canceled' where workspace_id = '${wid}'`);
    const token = (await invitationMails(late.email)).at(-1)!.token;
    expect(await refusal(await acceptAs(late, token))).toEqual([402, expect.objectContaining({ plan: 'starter' })]);
    expect((await acceptAs(agent, (await invitationMails(agent.email)).at(-1)!.token)).status).toBe(200);
  });

  it('unlocks business hours from Starter, and auto-assignment and identity verification from Professional', async () => {
    const owner = await signedIn('features');
    const free = await teamOf(owner, 'Free features', null);
    expect(await refusal(await widgetIn(owner, free, { businessHours: hours }))).toEqual([
      402,
      expect.objectContaining({ plan: 'starter' }),
    ]);
    const starter = await teamOf(owner, 'Starter features', 'starter');
    expect((await widgetIn(owner, starter, { businessHours: hours })).status).toBe(201);
    expect(await refusal(await widgetIn(owner, starter, { autoAssign: true }))).toEqual([
      402,
      expect.objectContaining({ plan: 'professional' }),
    ]);
    const { widget: made } = await (await widgetIn(owner, starter)).json();
    const patch = (body: unknown) =>
      update(apiRequest('PATCH', `/api/widgets/${made.id}`, owner, body), ctx({ id: made.id }));
    expect(await refusal(await patch({ autoAssign: true }))).toEqual([
      402,
      expect.objectContaining({ plan: 'professional' }),
    ]);
    const secret = () => rotate(apiRequest('POST', `/api/widgets/${made.id}/secret`, owner), ctx({ id: made.id }));
    expect(await refusal(await secret())).toEqual([402, expect.objectContaining({ plan: 'professional' })]);

    await grantPlan(starter, 'professional');
    expect((await patch({ autoAssign: true })).status).toBe(200);
    expect((await secret()).status).toBe(200);
    // Back on Starter, what the widget kept is not taken away: its other settings can still be changed.
    await grantPlan(starter, 'starter');
    expect((await patch({ greeting: 'Hello again', autoAssign: true })).status).toBe(200);
    expect(await refusal(await secret())).toEqual([402, expect.objectContaining({ plan: 'professional' })]);
  });

  it('makes an overdue workspace read-only: the inbox readable, replies and changes refused', async () => {
    const { owner, widgetId } = await ownWidget(undefined, {}, 'starter');
    const wid = await ensurePersonalWorkspace(owner.uid);
    const { conversation } = await converse(widgetId, await newVisitor(widgetId), 'Hello?');
    await grantPlan(wid, 'starter', 'read_only');
    const page = await inboxPage({ ...owner, workspaceId: wid } as Parameters<typeof inboxPage>[0]);
    expect(page.status).toBe(200);
    const answer = await reply(
      apiRequest(
        'POST',
        `/api/workspaces/${wid}/inbox/${conversation.id}/messages`,
        owner,
        { text: 'Hi' },
        {
          'accept-language': 'de',
        },
      ),
      ctx({ wid, cid: conversation.id }),
    );
    expect(await refusal(answer)).toEqual([
      402,
      {
        code: 'workspaceReadOnly',
        message:
          'Dieser Arbeitsbereich ist schreibgeschützt, weil eine Zahlung überfällig ist. Begleichen Sie die offene Rechnung auf der Abrechnungsseite, um wieder Änderungen vorzunehmen.',
      },
    ]);
    expect((await widgetIn(owner, wid)).status).toBe(402);
    expect(
      (await update(apiRequest('PATCH', `/api/widgets/${widgetId}`, owner, { greeting: 'x' }), ctx({ id: widgetId })))
        .status,
    ).toBe(402);
    await grantPlan(wid, 'starter', 'past_due');
    expect(
      (await update(apiRequest('PATCH', `/api/widgets/${widgetId}`, owner, { greeting: 'x' }), ctx({ id: widgetId })))
        .status,
    ).toBe(200);
  });
});

describe('plans bought once before subscriptions', () => {
  async function paidOrder(uid: string, slug: string) {
    const db = await database();
    const [product] = await db.select().from(products).where(eq(products.slug, slug));
    await db
      .insert(orders)
      .values({ uid, productId: product.id, quantity: 1, amountCents: 1, currency: 'EUR', status: 'paid' });
  }

  it('keeps the largest plan the owner bought, in each workspace they own, and never makes it read-only', async () => {
    const owner = await signedIn('lifetime');
    const wid = await teamOf(owner, 'Lifetime', null);
    await paidOrder(owner.uid, 'starter');
    await paidOrder(owner.uid, 'professional');
    await paidOrder(owner.uid, 'setup-service');
    expect(await entitlementOf(wid)).toEqual({
      plan: 'professional',
      source: 'lifetime',
      status: null,
      readOnly: false,
    });
    await grantPlan(wid, 'business');
    expect(await entitlementOf(wid)).toMatchObject({ plan: 'business', source: 'subscription' });
    await grantPlan(wid, 'business', 'read_only');
    expect(await entitlementOf(wid)).toMatchObject({ plan: 'professional', source: 'lifetime', readOnly: false });
    // An order still pending or failed gives nothing.
    const other = await signedIn('lifetime-unpaid');
    expect(await entitlementOf(await ensurePersonalWorkspace(other.uid))).toMatchObject({ plan: 'free' });
  });

  it('gives the support staff’s workspace the largest plan', async () => {
    await seedSupportWidget();
    const db = await database();
    const [support] = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.systemKey, SUPPORT_WORKSPACE));
    expect(await entitlementOf(support.id)).toEqual({
      plan: 'business',
      source: 'system',
      status: null,
      readOnly: false,
    });
  });
});
