// A consumer's withdrawal from a subscription in local mode (issue 38): the express request to start at once at
// the checkout, then within 14 days the subscription ends at once, the unused part is refunded pro rata with a
// credit note (its PDF, the owner's e-mail), once however often it is asked; after 14 days or as a business, 409.
import { and, eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { charges, mails, refunds, subscriptions } from '@/lib/db/schema';
import { mailsSettled } from '@/lib/mail/later';
import { CARD } from './checkouts';
import {
  CONSENTING,
  advanceBy,
  billingOf,
  chargesOf,
  currentSubscription,
  openCheckout,
  payCheckoutAs,
  subscribe,
  withdrawFrom,
} from './billing';
import { AUSTRIAN_BUSINESS, GERMAN_CONSUMER, billTo, pdfOf, pdfText } from './invoices';
import { signedIn } from './signed-in';

const json = async (response: Response) => ({ status: response.status, body: await response.json() });
type Owner = Awaited<ReturnType<typeof signedIn>>;

/** Opens a checkout of Starter, monthly, billed to a consumer in Germany unless `details` say otherwise; its id. */
async function checkoutOf(owner: Owner, trial = false, details: Record<string, unknown> = GERMAN_CONSUMER) {
  await billTo(owner, owner.workspaceId, details);
  const opened = await openCheckout(
    owner,
    owner.workspaceId,
    { plan: 'starter', interval: 'month', trial },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(opened.status).toBe(201);
  return /cs_local_[0-9a-f]{32}/.exec((await opened.json()).url)![0];
}

/** The refunds of the workspace's charges. */
async function refundsOf(wid: string) {
  const db = await database();
  return db
    .select({ refund: refunds, charge: charges })
    .from(refunds)
    .innerJoin(charges, eq(charges.id, refunds.chargeId))
    .innerJoin(subscriptions, eq(subscriptions.id, charges.subscriptionId))
    .where(eq(subscriptions.workspaceId, wid));
}

describe('the express request to start at once', () => {
  it('is required of a consumer charged at once, and stored with its time', async () => {
    const owner = await signedIn('consent');
    const id = await checkoutOf(owner);
    const refused = await json(await payCheckoutAs(owner, id, CARD));
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('withdrawalConsentRequired');
    expect(refused.body.error.message).toContain('withdrawal period');
    // A consent that is not `true` is none.
    expect((await payCheckoutAs(owner, id, { ...CARD, immediateStart: 'yes' })).status).toBe(422);
    expect(await currentSubscription(owner.workspaceId)).toBeUndefined();
    expect(await chargesOf(owner.workspaceId)).toEqual([]);

    expect((await payCheckoutAs(owner, id, CONSENTING)).status).toBe(200);
    const subscription = await currentSubscription(owner.workspaceId);
    expect(subscription.immediateStartConsentAt).toBeInstanceOf(Date);
    expect(+subscription.immediateStartConsentAt!).toBe(+subscription.startedAt!);
    expect(+subscription.startedAt!).toBe(+subscription.currentPeriodStart);
  });

  it('is not asked of a business, nor for a trial (nothing is charged before the period ends)', async () => {
    const business = await signedIn('consent-business');
    expect((await payCheckoutAs(business, await checkoutOf(business, false, AUSTRIAN_BUSINESS), CARD)).status).toBe(
      200,
    );
    expect((await currentSubscription(business.workspaceId)).immediateStartConsentAt).toBeNull();

    const trial = await signedIn('consent-trial');
    expect((await payCheckoutAs(trial, await checkoutOf(trial, true), CARD)).status).toBe(200);
    expect(await currentSubscription(trial.workspaceId)).toMatchObject({
      status: 'trialing',
      immediateStartConsentAt: null,
    });
  });
});

describe('withdrawing', () => {
  it('ends the subscription at once and refunds the unused part with one credit note, however often asked', async () => {
    const owner = await signedIn('withdraw');
    const wid = owner.workspaceId;
    await billTo(owner, wid, GERMAN_CONSUMER);
    const before = await subscribe(owner, wid, 'starter');
    expect(before.withdrawableUntil).not.toBeNull();
    const [invoice] = before.invoices;
    const now = await advanceBy(3);

    // A double click: both answer the billing as it is afterwards.
    const [first, second] = await Promise.all([withdrawFrom(owner, wid), withdrawFrom(owner, wid)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const billing = await json(await withdrawFrom(owner, wid));
    expect(billing.status).toBe(200);
    expect(billing.body).toMatchObject({
      plan: 'free',
      status: 'canceled',
      widgets: { allowed: 1 },
      nextChargeCents: null,
      withdrawableUntil: null,
    });

    // One refund of the first charge: its unused part, pro rata by time, in cents.
    const [{ refund, charge }, ...more] = await refundsOf(wid);
    expect(more).toEqual([]);
    expect(Math.abs(+refund.at - +now)).toBeLessThan(60_000);
    const left = (+charge.periodEnd - +refund.at) / (+charge.periodEnd - +charge.periodStart);
    expect(refund.amountCents).toBe(Math.round(1900 * left));
    expect(refund.amountCents).toBeGreaterThan(1900 * 0.85);
    expect(refund.amountCents).toBeLessThan(1900 * 0.95);

    // Its credit note, listed beside the invoice with a negative total.
    const notes = billing.body.invoices.filter((entry: { number: string }) => entry.number.startsWith('GS-'));
    expect(notes).toEqual([
      expect.objectContaining({ number: expect.stringMatching(/^GS-\d{4}-\d{5}$/), total: -refund.amountCents }),
    ]);
    expect(billing.body.invoices).toHaveLength(2);
    const [note] = notes;
    const pdf = await pdfOf(owner, wid, note.pdfUrl.split('/').at(-2));
    expect(pdf.status).toBe(200);
    const text = await pdfText(await pdf.arrayBuffer());
    const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
    for (const expected of [
      'Credit note',
      note.number,
      `Corrects invoice ${invoice.number}`,
      `Refund for invoice ${invoice.number}`,
      `Total -${euros(refund.amountCents)}`,
    ])
      expect(text).toContain(expected);

    // The owner gets it by e-mail, once.
    await mailsSettled();
    const mailed = await (
      await database()
    )
      .select()
      .from(mails)
      .where(and(eq(mails.to, owner.email), eq(mails.kind, 'invoice')));
    expect(mailed.filter((mail) => mail.subject.includes(note.number))).toHaveLength(1);
  });

  it('during a trial ends it with nothing to refund', async () => {
    const owner = await signedIn('withdraw-trial');
    await subscribe(owner, owner.workspaceId, 'starter', { trial: true, card: CARD });
    const billing = await json(await withdrawFrom(owner, owner.workspaceId));
    expect(billing.body).toMatchObject({ status: 'canceled', plan: 'free', invoices: [] });
  });

  it('is refused after 14 days, to a business, without a subscription and to other people', async () => {
    const late = await signedIn('withdraw-late');
    await subscribe(late, late.workspaceId, 'starter');
    await advanceBy(14);
    expect((await json(await billingOf(late, late.workspaceId))).body.withdrawableUntil).toBeNull();
    const over = await json(await withdrawFrom(late, late.workspaceId));
    expect([over.status, over.body.error.code]).toEqual([409, 'withdrawalPeriodOver']);

    const business = await signedIn('withdraw-business');
    const bought = await subscribe(business, business.workspaceId, 'starter', {
      card: CARD,
      details: AUSTRIAN_BUSINESS,
    });
    expect(bought.withdrawableUntil).toBeNull();
    const refused = await json(await withdrawFrom(business, business.workspaceId));
    expect([refused.status, refused.body.error.code]).toEqual([409, 'withdrawalNotConsumer']);
    expect(refused.body.error.message).toContain('business');

    const none = await signedIn('withdraw-none');
    const nothing = await json(await withdrawFrom(none, none.workspaceId));
    expect([nothing.status, nothing.body.error.code]).toEqual([409, 'noSubscription']);
    expect((await withdrawFrom(none, late.workspaceId)).status).toBe(404);

    for (const wid of [late.workspaceId, business.workspaceId]) {
      expect((await currentSubscription(wid)).status).toBe('active');
      expect(await refundsOf(wid)).toEqual([]);
    }
  });
});
