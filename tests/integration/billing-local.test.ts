// Subscriptions in local mode (issue 38): the local checkout with test cards, the test clock, renewals, a failed
// renewal through the reminders to read-only and back, plan changes with proration, cancel and resume, and who
// may do any of it.
import { and, eq } from 'drizzle-orm';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { advanceClock } from '@/lib/billing/clock';
import { startBillingJobs, stopBillingJobs } from '@/lib/billing/jobs';
import { runDueBilling } from '@/lib/billing/local/due';
import { keepSeats } from '@/lib/conversations/seats';
import { database } from '@/lib/db';
import { mails, profiles } from '@/lib/db/schema';
import { mailsSettled } from '@/lib/mail/later';
import { CARD } from './checkouts';
import {
  CONSENTING,
  FAILING_CARD,
  advanceBy,
  advanceDays,
  billingMails,
  billingOf,
  cancelPlan,
  changeCard,
  changePlan,
  chargesOf,
  currentSubscription,
  openCheckout,
  openPortal,
  payCheckoutAs,
  payNow,
  resumePlan,
  subscribe,
} from './billing';
import { GERMAN_CONSUMER, billTo } from './invoices';
import { join, teamOf, verifiedAccount } from './members';
import { apiRequest, signedIn } from './signed-in';
import { converse, newVisitor, ownWidget } from './visitors';

const DAY = 24 * 60 * 60 * 1000;
const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('subscribing through the local checkout', () => {
  it('starts an active subscription with its first charge, once per request key and double submit', async () => {
    const owner = await signedIn('subscriber');
    const wid = owner.workspaceId;
    const key = { 'idempotency-key': crypto.randomUUID() };
    await billTo(owner, wid, GERMAN_CONSUMER);
    const opened = await json(await openCheckout(owner, wid, { plan: 'starter', interval: 'month' }, key));
    expect(opened.status).toBe(201);
    expect(opened.body.url).toMatch(/^\/shop\/subscribe\/cs_local_[0-9a-f]{32}$/);
    // The same request again opens the same checkout.
    const again = await json(await openCheckout(owner, wid, { plan: 'starter', interval: 'month' }, key));
    expect(again).toEqual({ status: 200, body: opened.body });
    const id = opened.body.url.split('/').at(-1);

    const [first, second] = await Promise.all([payCheckoutAs(owner, id), payCheckoutAs(owner, id)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const billing = await json(await billingOf(owner, wid));
    expect(billing.body).toEqual({
      plan: 'starter',
      interval: 'month',
      status: 'active',
      seats: { used: 1, paid: 3 },
      widgets: { used: 0, allowed: 3 },
      currentPeriodEnd: expect.any(String),
      cancelAtPeriodEnd: false,
      // The first charge's invoice, one for the double submit.
      invoices: [
        {
          number: expect.stringMatching(/^RE-\d{4}-\d{5}$/),
          total: 1900,
          currency: 'EUR',
          pdfUrl: expect.stringMatching(new RegExp(`^/api/workspaces/${wid}/invoices/[0-9a-f-]{36}/pdf$`)),
          issuedAt: expect.any(String),
        },
      ],
      pendingPlan: null,
      pendingInterval: null,
      trialEnd: null,
      nextChargeCents: 1900,
      paymentMethod: { brand: 'visa', last4: '4242' },
      readOnlyFrom: null,
      lifetime: false,
      // A consumer (no billing details) may withdraw for 14 days from the start.
      withdrawableUntil: expect.any(String),
    });
    // The owner gets the invoice by e-mail, its PDF attached.
    await mailsSettled();
    const [mail] = await (
      await database()
    )
      .select()
      .from(mails)
      .where(and(eq(mails.to, owner.email), eq(mails.kind, 'invoice')));
    expect(mail.subject).toContain(billing.body.invoices[0].number);
    const charges = await chargesOf(wid);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ kind: 'initial', amountCents: 1900, status: 'paid', plan: 'starter' });
    expect(+new Date(billing.body.currentPeriodEnd)).toBe(+charges[0].periodEnd);

    // A current subscription is changed, not bought again.
    const refused = await json(
      await openCheckout(
        owner,
        wid,
        { plan: 'business', interval: 'year' },
        { 'idempotency-key': crypto.randomUUID() },
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('subscriptionExists');
  });

  it('refuses a declined card and a card that fails its first charge, keeping nothing', async () => {
    const owner = await signedIn('declined');
    await billTo(owner, owner.workspaceId, GERMAN_CONSUMER);
    for (const card of ['4000 0000 0000 0002', FAILING_CARD.card]) {
      const opened = await openCheckout(owner, owner.workspaceId, { plan: 'starter', interval: 'month' });
      const id = (await opened.json()).url.split('/').at(-1);
      const paid = await json(await payCheckoutAs(owner, id, { ...CONSENTING, card }));
      expect(paid.status).toBe(402);
      expect(paid.body.error.code).toBe('cardDeclined');
    }
    expect(await currentSubscription(owner.workspaceId)).toBeUndefined();
    expect(await chargesOf(owner.workspaceId)).toEqual([]);
  });

  it('gives a 14-day trial without a charge, then charges at its end', async () => {
    const owner = await signedIn('trial');
    const wid = owner.workspaceId;
    const billing = await subscribe(owner, wid, 'professional', { trial: true });
    expect(billing).toMatchObject({ plan: 'professional', status: 'trialing' });
    expect(await chargesOf(wid)).toEqual([]);
    const trial = await currentSubscription(wid);
    expect(+trial.trialEnd! - +trial.currentPeriodStart).toBe(14 * DAY);

    await advanceBy(13);
    expect((await currentSubscription(wid)).status).toBe('trialing');
    await advanceBy(2);
    const after = await currentSubscription(wid);
    expect(after).toMatchObject({ status: 'active', plan: 'professional' });
    expect(+after.currentPeriodStart).toBe(+trial.trialEnd!);
    expect(await chargesOf(wid)).toEqual([
      expect.objectContaining({ kind: 'initial', amountCents: 4900, status: 'paid', periodStart: trial.trialEnd }),
    ]);

    // One trial per workspace: subscribing again after it ended starts with the first charge.
    expect((await cancelPlan(owner, wid)).status).toBe(200);
    await advanceBy(32);
    expect(await subscribe(owner, wid, 'starter', { trial: true })).toMatchObject({ status: 'active' });
    expect((await chargesOf(wid)).map((charge) => [charge.kind, charge.plan])).toEqual([
      ['initial', 'professional'],
      ['initial', 'starter'],
    ]);
  });
});

describe('the test clock', () => {
  it('renews at the end of the period: one charge, the next period', async () => {
    const owner = await signedIn('renewal');
    const wid = owner.workspaceId;
    await subscribe(owner, wid, 'starter', { interval: 'year' });
    const first = await currentSubscription(wid);
    await advanceBy(366);
    const renewed = await currentSubscription(wid);
    expect(+renewed.currentPeriodStart).toBe(+first.currentPeriodEnd);
    expect(renewed.currentPeriodEnd.getUTCFullYear()).toBe(first.currentPeriodEnd.getUTCFullYear() + 1);
    expect((await chargesOf(wid)).map((charge) => [charge.kind, charge.amountCents, charge.status])).toEqual([
      ['initial', 19000, 'paid'],
      ['renewal', 19000, 'paid'],
    ]);
  });

  it('charges a renewal once when advances and sweeps run at once', async () => {
    const owner = await signedIn('concurrent');
    const wid = owner.workspaceId;
    await subscribe(owner, wid, 'starter');
    await Promise.all([advanceBy(20), advanceBy(20), runDueBilling(keepSeats), runDueBilling(keepSeats)]);
    await Promise.all([runDueBilling(keepSeats), runDueBilling(keepSeats)]);
    expect((await chargesOf(wid)).map((charge) => charge.kind)).toEqual(['initial', 'renewal']);
  });

  it('is not needed: the server runs the due work at start and every minute', async () => {
    const owner = await signedIn('jobs');
    const wid = owner.workspaceId;
    await subscribe(owner, wid, 'starter');
    await advanceClock(32);
    expect(await chargesOf(wid)).toHaveLength(1);
    try {
      await startBillingJobs(keepSeats);
      expect((await chargesOf(wid)).map((charge) => charge.kind)).toEqual(['initial', 'renewal']);
    } finally {
      // Its next sweep would run after this file's database is closed.
      stopBillingJobs();
    }
  });

  it('takes 1 to 400 days from this site only', async () => {
    for (const days of [0, 401, 1.5, '3', null]) {
      const answer = await json(await advanceDays(days));
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('invalidBody');
    }
    const foreign = await advanceDays(1, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });
});

describe('a failed renewal', () => {
  it('is past due with reminders on day 0, 3 and 7, read-only after 14 days, active again once paid', async () => {
    const owner = await signedIn('dunning');
    const wid = owner.workspaceId;
    const { widgetId } = await ownWidget(owner, {}, null);
    const { conversation } = await converse(widgetId, await newVisitor(widgetId), 'Hello?');
    const answer = () =>
      reply(apiRequest('POST', `/api/workspaces/${wid}/inbox/${conversation.id}/messages`, owner, { text: 'Hi!' }), {
        params: Promise.resolve({ wid, cid: conversation.id }),
      });
    await subscribe(owner, wid, 'starter', { trial: true, card: FAILING_CARD });

    await advanceBy(14);
    expect(await currentSubscription(wid)).toMatchObject({ status: 'past_due' });
    expect((await chargesOf(wid)).map((charge) => [charge.kind, charge.status])).toEqual([['initial', 'failed']]);
    expect((await billingMails(owner.email)).map((mail) => mail.kind)).toEqual(['billingOverdue']);
    expect((await answer()).status).toBe(201);

    await advanceBy(3);
    await advanceBy(1);
    const reminders = await billingMails(owner.email);
    expect(reminders).toHaveLength(2);
    expect(reminders[1].subject).toMatch(/^Reminder: the payment for .+ is overdue$/);
    await advanceBy(3);
    expect(await billingMails(owner.email)).toHaveLength(3);
    expect(await currentSubscription(wid)).toMatchObject({ status: 'past_due' });

    await advanceBy(7);
    expect(await currentSubscription(wid)).toMatchObject({ status: 'read_only' });
    const mails = await billingMails(owner.email);
    expect(mails.map((mail) => mail.kind)).toEqual([
      'billingOverdue',
      'billingOverdue',
      'billingOverdue',
      'billingReadOnly',
    ]);
    const refused = await json(await answer());
    expect([refused.status, refused.body.error.code]).toEqual([402, 'workspaceReadOnly']);

    // The card on file still fails: nothing changes. A new card pays, from now on.
    const failed = await json(await payNow(owner, wid));
    expect([failed.status, failed.body.error.code]).toEqual([402, 'cardDeclined']);
    expect((await changeCard(owner, wid, CARD)).status).toBe(200);
    const paid = await json(await payNow(owner, wid));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'active', plan: 'starter' });
    const charges = await chargesOf(wid);
    expect(charges.map((charge) => [charge.kind, charge.status])).toEqual([
      ['initial', 'failed'],
      ['renewal', 'paid'],
    ]);
    expect(+new Date(paid.body.currentPeriodEnd)).toBe(+charges[1].periodEnd);
    expect((await currentSubscription(wid)).pastDueSince).toBeNull();
    expect((await answer()).status).toBe(201);
    // Paying again is nothing more to pay.
    expect((await payNow(owner, wid)).status).toBe(200);
    expect(await chargesOf(wid)).toHaveLength(2);
  });

  it('is told in the owner’s language', async () => {
    const owner = await signedIn('dunning-de');
    await (
      await database()
    )
      .insert(profiles)
      .values({ uid: owner.uid, locale: 'de' })
      .onConflictDoUpdate({ target: profiles.uid, set: { locale: 'de' } });
    await subscribe(owner, owner.workspaceId, 'starter', { trial: true, card: FAILING_CARD });
    await advanceBy(15);
    const [mail] = await billingMails(owner.email);
    expect(mail.subject).toMatch(/^Die Zahlung für .+ ist fehlgeschlagen$/);
    expect(mail.text).toContain('/de/dashboard/billing');
  });
});

describe('changing the plan', () => {
  it('upgrades at once, charging the difference for the rest of the period', async () => {
    const owner = await signedIn('upgrade');
    const wid = owner.workspaceId;
    await subscribe(owner, wid, 'starter');
    const before = await currentSubscription(wid);
    await advanceBy(10);
    const changed = await json(await changePlan(owner, wid, { plan: 'professional', interval: 'month' }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ plan: 'professional', interval: 'month', status: 'active' });
    const [, proration] = await chargesOf(wid);
    const total = +before.currentPeriodEnd - +before.currentPeriodStart;
    const remaining = +before.currentPeriodEnd - +proration.at;
    expect(proration).toMatchObject({ kind: 'proration', status: 'paid', plan: 'professional' });
    expect(proration.amountCents).toBe(Math.round(((4900 - 1900) * remaining) / total));
    // About two thirds of the month were left: roughly €20 of the €30 difference.
    expect(proration.amountCents).toBeGreaterThan(1800);
    expect(proration.amountCents).toBeLessThan(2200);
    expect(+(await currentSubscription(wid)).currentPeriodEnd).toBe(+before.currentPeriodEnd);
    // The same change again changes nothing more.
    expect((await changePlan(owner, wid, { plan: 'professional', interval: 'month' })).status).toBe(200);
    expect(await chargesOf(wid)).toHaveLength(2);
  });

  it('refuses an upgrade the card cannot pay, changing nothing', async () => {
    const owner = await signedIn('upgrade-declined');
    const wid = owner.workspaceId;
    await subscribe(owner, wid, 'starter');
    expect((await changeCard(owner, wid, FAILING_CARD)).status).toBe(200);
    const refused = await json(await changePlan(owner, wid, { plan: 'business', interval: 'month' }));
    expect([refused.status, refused.body.error.code]).toEqual([402, 'cardDeclined']);
    expect(refused.body.error.message).toBe('Your card was declined. Nothing was charged; please use another card.');
    expect(await currentSubscription(wid)).toMatchObject({ plan: 'starter', pendingPlan: null });
    expect(await chargesOf(wid)).toHaveLength(1);
  });

  it('downgrades at the end of the period', async () => {
    const owner = await signedIn('downgrade');
    const wid = owner.workspaceId;
    await subscribe(owner, wid, 'business', { interval: 'year' });
    const changed = await json(await changePlan(owner, wid, { plan: 'starter', interval: 'month' }));
    expect(changed.body).toMatchObject({ plan: 'business', interval: 'year' });
    expect(await currentSubscription(wid)).toMatchObject({ pendingPlan: 'starter', pendingInterval: 'month' });
    await advanceBy(366);
    expect(await currentSubscription(wid)).toMatchObject({
      plan: 'starter',
      interval: 'month',
      pendingPlan: null,
      status: 'active',
    });
    expect((await chargesOf(wid)).map((charge) => [charge.kind, charge.plan, charge.amountCents])).toEqual([
      ['initial', 'business', 129000],
      ['renewal', 'starter', 1900],
    ]);
  });
});

describe('cancelling', () => {
  it('ends the subscription at the end of the period unless resumed before', async () => {
    const owner = await signedIn('cancel');
    const wid = owner.workspaceId;
    await subscribe(owner, wid, 'starter');
    expect((await json(await cancelPlan(owner, wid))).body).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await json(await resumePlan(owner, wid))).body).toMatchObject({ cancelAtPeriodEnd: false });
    await advanceBy(32);
    expect((await json(await billingOf(owner, wid))).body).toMatchObject({ status: 'active', plan: 'starter' });
    expect(await chargesOf(wid)).toHaveLength(2);

    expect((await cancelPlan(owner, wid)).status).toBe(200);
    await advanceBy(32);
    expect((await json(await billingOf(owner, wid))).body).toMatchObject({
      status: 'canceled',
      plan: 'free',
      seats: { used: 1, paid: 1 },
    });
    expect(await chargesOf(wid)).toHaveLength(2);
    // A new subscription may start; the trial was never used.
    expect(await subscribe(owner, wid, 'starter', { trial: true })).toMatchObject({ status: 'trialing' });
  });
});

describe('who manages billing', () => {
  it('is the owner only: members 403, strangers 404, and the portal is the billing page', async () => {
    const owner = await verifiedAccount('billing-owner');
    const wid = await teamOf(owner, 'Billing team', null);
    const body = { plan: 'starter', interval: 'month' };
    // A checkout the owner opened and left: only they may pay it.
    await billTo(owner, wid, GERMAN_CONSUMER);
    const left = (await (await openCheckout(owner, wid, body)).json()).url.split('/').at(-1);
    await subscribe(owner, wid, 'starter');
    const admin = await verifiedAccount('billing-admin');
    await join(owner, wid, admin, 'admin');
    const stranger = await signedIn('billing-stranger');
    const calls = [
      (who: typeof owner) => billingOf(who, wid),
      (who: typeof owner) => openCheckout(who, wid, body),
      (who: typeof owner) => changePlan(who, wid, body),
      (who: typeof owner) => cancelPlan(who, wid),
      (who: typeof owner) => resumePlan(who, wid),
      (who: typeof owner) => payNow(who, wid),
      (who: typeof owner) => openPortal(who, wid),
      (who: typeof owner) => changeCard(who, wid, CARD),
    ];
    for (const call of calls) {
      const refused = await json(await call(admin));
      expect([refused.status, refused.body.error.code]).toEqual([403, 'billingOwnerOnly']);
      expect(refused.body.error.message).toBe("Only the workspace's owner manages its plan and payments.");
      expect((await call(stranger)).status).toBe(404);
    }
    expect(await json(await openPortal(owner, wid))).toEqual({ status: 200, body: { url: '/dashboard/billing' } });
    expect((await payCheckoutAs(admin, left)).status).toBe(404);
    expect(await chargesOf(wid)).toHaveLength(1);
    const none = await json(await changePlan(owner, owner.workspaceId, body));
    expect([none.status, none.body.error.code]).toEqual([409, 'noSubscription']);
  });
});
