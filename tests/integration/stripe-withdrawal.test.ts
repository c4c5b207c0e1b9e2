// A consumer's withdrawal from a subscription Stripe bills (issue 38): canceled at Stripe at once and the unused
// part of the last paid invoice refunded by a Stripe credit note (refund_amount), once however often it is asked;
// after 14 days or as a business, 409. Against the local stand-in of Stripe's API.
import type { NextRequest as NextRequestType } from 'next/server';
import { startStripeStandIn } from '../support/stripe-stand-in';
import { PRICES, signedEvent, type StandInSubscription } from '../support/stripe-billing-stand-in';

const DAY = 86_400;

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let app: {
  checkout: typeof import('@/lib/billing/stripe-checkout').createStripeSubscriptionCheckout;
  webhook: (request: NextRequestType) => Promise<Response>;
  withdraw: typeof import('@/app/api/workspaces/[wid]/billing/withdraw/route').POST;
  billing: typeof import('@/app/api/workspaces/[wid]/billing/route').GET;
  NextRequest: typeof NextRequestType;
  signedIn: typeof import('./signed-in').signedIn;
  apiRequest: typeof import('./signed-in').apiRequest;
  billTo: typeof import('./invoices').billTo;
  AUSTRIAN_BUSINESS: typeof import('./invoices').AUSTRIAN_BUSINESS;
  ORIGIN: string;
  rowOf: (workspaceId: string) => Promise<Record<string, unknown>>;
};

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const settings = { STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_API_URL: standIn.url, ...PRICES };
  await jest.isolateModulesAsync(async () => {
    Object.assign(process.env, settings);
    const [checkout, webhook, withdraw, billing, { NextRequest }, helpers, invoices, { database }, schema, drizzle] =
      await Promise.all([
        import('@/lib/billing/stripe-checkout'),
        import('@/app/api/stripe/webhook/route'),
        import('@/app/api/workspaces/[wid]/billing/withdraw/route'),
        import('@/app/api/workspaces/[wid]/billing/route'),
        import('next/server'),
        import('./signed-in'),
        import('./invoices'),
        import('@/lib/db'),
        import('@/lib/db/schema'),
        import('drizzle-orm'),
      ]);
    app = {
      checkout: checkout.createStripeSubscriptionCheckout,
      webhook: webhook.POST,
      withdraw: withdraw.POST,
      billing: billing.GET,
      NextRequest,
      signedIn: helpers.signedIn,
      apiRequest: helpers.apiRequest,
      billTo: invoices.billTo,
      AUSTRIAN_BUSINESS: invoices.AUSTRIAN_BUSINESS,
      ORIGIN: helpers.ORIGIN,
      rowOf: async (workspaceId) =>
        (
          await (
            await database()
          )
            .select()
            .from(schema.subscriptions)
            .where(drizzle.eq(schema.subscriptions.workspaceId, workspaceId))
        )[0],
    };
  });
  for (const name of Object.keys(settings)) delete process.env[name];
});

afterAll(() => standIn.stop());

type Owner = Awaited<ReturnType<typeof app.signedIn>>;
const json = async (response: Response) => ({ status: response.status, body: await response.json() });
const now = () => Math.floor(Date.now() / 1000);

/**
 * `owner`'s workspace bought Starter monthly at Stripe `daysAgo` days ago and paid its first invoice (19.00);
 * the subscription's event is delivered.
 */
async function subscribedAtStripe(owner: Owner, daysAgo: number) {
  await app.checkout({
    workspaceId: owner.workspaceId,
    ownerUid: owner.uid,
    ownerEmail: owner.email,
    plan: 'starter',
    interval: 'month',
    trial: false,
    locale: 'en',
    successUrl: `${app.ORIGIN}/dashboard/billing?checkout=success`,
    cancelUrl: `${app.ORIGIN}/dashboard/billing`,
    requestKey: crypto.randomUUID(),
  });
  const session = [...standIn.sessions.values()].filter((s) => s.client_reference_id === owner.workspaceId).at(-1)!;
  const subscription = standIn.subscribe(session.id);
  const start = now() - daysAgo * DAY;
  const item = { ...subscription.items.data[0], current_period_start: start, current_period_end: start + 30 * DAY };
  standIn.setSubscription(subscription.id, { start_date: start, items: { object: 'list', data: [item] } });
  const invoice = standIn.invoice(subscription.id, { total: 1900, amount_paid: 1900 });
  const event = signedEvent('customer.subscription.created', subscription, process.env.STRIPE_WEBHOOK_SECRET!);
  const delivered = await app.webhook(
    new app.NextRequest(`${app.ORIGIN}/api/stripe/webhook`, {
      method: 'POST',
      body: event.payload,
      headers: { 'stripe-signature': event.signature },
    }),
  );
  expect(delivered.status).toBe(200);
  return { subscription: standIn.subscriptions.get(subscription.id) as StandInSubscription, invoice };
}

const withdraw = (owner: Owner) =>
  app.withdraw(app.apiRequest('POST', `/api/workspaces/${owner.workspaceId}/billing/withdraw`, owner), {
    params: Promise.resolve({ wid: owner.workspaceId }),
  });
const notesOf = (invoiceId: string) => standIn.creditNotes.filter((note) => note.invoice === invoiceId);

describe('withdrawing from a Stripe subscription', () => {
  it('cancels it at Stripe and refunds the unused part by a credit note, once', async () => {
    const owner = await app.signedIn('stripe-withdraw');
    const { subscription, invoice } = await subscribedAtStripe(owner, 3);
    const billing = await json(
      await app.billing(app.apiRequest('GET', `/api/workspaces/${owner.workspaceId}/billing`, owner), {
        params: Promise.resolve({ wid: owner.workspaceId }),
      }),
    );
    expect(billing.body.withdrawableUntil).toBe(new Date((subscription.start_date + 14 * DAY) * 1000).toISOString());

    const first = await json(await withdraw(owner));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'canceled', plan: 'free', withdrawableUntil: null });
    const canceled = standIn.subscriptions.get(subscription.id)!;
    expect(canceled.status).toBe('canceled');
    // 27 of 30 days unused, reckoned from Stripe's moment of cancellation.
    const [item] = canceled.items.data;
    const expected = Math.round(
      (1900 * (item.current_period_end - canceled.canceled_at!)) /
        (item.current_period_end - item.current_period_start),
    );
    expect(expected).toBe(1710);
    expect(notesOf(invoice.id)).toEqual([expect.objectContaining({ amount: expected, refund_amount: expected })]);
    expect(await app.rowOf(owner.workspaceId)).toMatchObject({ status: 'canceled', withdrawnAt: expect.any(Date) });

    // Asked again: nothing more at Stripe.
    expect((await withdraw(owner)).status).toBe(200);
    expect(notesOf(invoice.id)).toHaveLength(1);
  });

  it('is refused after 14 days and to a business, with nothing done at Stripe', async () => {
    const late = await app.signedIn('stripe-withdraw-late');
    const old = await subscribedAtStripe(late, 15);
    const over = await json(await withdraw(late));
    expect([over.status, over.body.error.code]).toEqual([409, 'withdrawalPeriodOver']);

    const business = await app.signedIn('stripe-withdraw-business');
    await app.billTo(business, business.workspaceId, app.AUSTRIAN_BUSINESS);
    const bought = await subscribedAtStripe(business, 1);
    const refused = await json(await withdraw(business));
    expect([refused.status, refused.body.error.code]).toEqual([409, 'withdrawalNotConsumer']);

    for (const { subscription, invoice } of [old, bought]) {
      expect(standIn.subscriptions.get(subscription.id)!.status).toBe('active');
      expect(notesOf(invoice.id)).toEqual([]);
    }
  });
});
