// Subscriptions through Stripe (issue 38): the subscription Checkout, the Customer Portal and the webhook
// events that drive a workspace's subscription, against the local stand-in of Stripe's API.
import type { NextRequest as NextRequestType } from 'next/server';
import { startStripeStandIn } from '../support/stripe-stand-in';
import { PRICES, signedEvent, type StandInSubscription } from '../support/stripe-billing-stand-in';

const DAY = 86_400;

type Billing = typeof import('@/lib/billing/stripe-checkout');
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let app: Billing & {
  ApiError: typeof import('@/lib/api/errors').ApiError;
  errorResponse: typeof import('@/lib/api/errors').errorResponse;
  webhook: (request: NextRequestType) => Promise<Response>;
  NextRequest: typeof NextRequestType;
  stripeInvoicesOf: typeof import('@/lib/billing/stripe-invoices').stripeInvoicesOf;
  entitlementOf: typeof import('@/lib/billing/entitlements').entitlementOf;
  signedIn: typeof import('./signed-in').signedIn;
  apiRequest: typeof import('./signed-in').apiRequest;
  checkoutRoute: typeof import('@/app/api/workspaces/[wid]/billing/checkout/route').POST;
  portalRoute: typeof import('@/app/api/workspaces/[wid]/billing/portal/route').POST;
  ORIGIN: string;
  rowsOf: (workspaceId: string) => Promise<Array<Record<string, unknown>>>;
  customerOf: (workspaceId: string) => Promise<string | null>;
  processed: (eventId: string) => Promise<boolean>;
  addAgent: (workspaceId: string, uid: string) => Promise<void>;
  seatsOf: (workspaceId: string) => Promise<{ members: string[]; aside: string[] }>;
};

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const settings = { STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_API_URL: standIn.url, ...PRICES };
  await jest.isolateModulesAsync(async () => {
    Object.assign(process.env, settings);
    const [
      checkout,
      webhook,
      { NextRequest },
      invoices,
      entitlements,
      helpers,
      { database },
      schema,
      { eq },
      errors,
      checkoutRoute,
      portalRoute,
    ] = await Promise.all([
      import('@/lib/billing/stripe-checkout'),
      import('@/app/api/stripe/webhook/route'),
      import('next/server'),
      import('@/lib/billing/stripe-invoices'),
      import('@/lib/billing/entitlements'),
      import('./signed-in'),
      import('@/lib/db'),
      import('@/lib/db/schema'),
      import('drizzle-orm'),
      import('@/lib/api/errors'),
      import('@/app/api/workspaces/[wid]/billing/checkout/route'),
      import('@/app/api/workspaces/[wid]/billing/portal/route'),
    ]);
    const { subscriptions, stripeCustomers, processedWebhookEvents, workspaceMembers, deactivatedMembers } = schema;
    app = {
      ...checkout,
      ApiError: errors.ApiError,
      errorResponse: errors.errorResponse,
      webhook: webhook.POST,
      NextRequest,
      stripeInvoicesOf: invoices.stripeInvoicesOf,
      entitlementOf: entitlements.entitlementOf,
      signedIn: helpers.signedIn,
      apiRequest: helpers.apiRequest,
      checkoutRoute: checkoutRoute.POST,
      portalRoute: portalRoute.POST,
      ORIGIN: helpers.ORIGIN,
      rowsOf: async (workspaceId) =>
        (await database()).select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)),
      customerOf: async (workspaceId) =>
        (await (await database()).select().from(stripeCustomers).where(eq(stripeCustomers.workspaceId, workspaceId)))[0]
          ?.customerId ?? null,
      addAgent: async (workspaceId, uid) => {
        await (await database()).insert(workspaceMembers).values({ workspaceId, uid, role: 'agent' });
      },
      seatsOf: async (workspaceId) => ({
        members: (
          await (
            await database()
          )
            .select({ uid: workspaceMembers.uid })
            .from(workspaceMembers)
            .where(eq(workspaceMembers.workspaceId, workspaceId))
        ).map((row) => row.uid),
        aside: (
          await (
            await database()
          )
            .select({ uid: deactivatedMembers.uid, reason: deactivatedMembers.reason })
            .from(deactivatedMembers)
            .where(eq(deactivatedMembers.workspaceId, workspaceId))
        ).map((row) => `${row.uid}:${row.reason}`),
      }),
      processed: async (eventId) =>
        (await (await database()).select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, eventId)))
          .length > 0,
    };
  });
  for (const name of Object.keys(settings)) delete process.env[name];
});

afterAll(() => standIn.stop());

type Owner = Awaited<ReturnType<typeof app.signedIn>>;

const checkoutOf = (
  owner: Owner,
  overrides: Partial<Parameters<Billing['createStripeSubscriptionCheckout']>[0]> = {},
) =>
  app.createStripeSubscriptionCheckout({
    workspaceId: owner.workspaceId,
    ownerUid: owner.uid,
    ownerEmail: owner.email,
    plan: 'professional',
    interval: 'month',
    trial: true,
    locale: 'de',
    successUrl: `${app.ORIGIN}/de/dashboard/billing?checkout=success`,
    cancelUrl: `${app.ORIGIN}/de/dashboard/billing`,
    requestKey: crypto.randomUUID(),
    ...overrides,
  });

const requestsTo = (path: string) => standIn.requests.filter((r) => r.method === 'POST' && r.path === path);
const lastSessionOf = (workspaceId: string) =>
  [...standIn.sessions.values()].filter((session) => session.client_reference_id === workspaceId).at(-1)!;

/** Stripe down for the length of `work`. */
async function whileDown<T>(work: () => Promise<T>): Promise<T> {
  standIn.down();
  try {
    return await work();
  } finally {
    standIn.up();
  }
}

/** The error `work` throws, as the API answers it to a German client: status, Retry-After, code and message. */
async function refusal(work: () => Promise<unknown>) {
  const error = await work().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof app.ApiError)) throw new Error(`not refused with an ApiError: ${error}`);
  const response = await app.errorResponse(new Request(app.ORIGIN, { headers: { 'accept-language': 'de' } }), error);
  const { code, message } = (await response.json()).error;
  return { status: response.status, retryAfter: response.headers.get('retry-after'), code, message };
}

describe('the subscription checkout', () => {
  it('opens Checkout in subscription mode with the plan’s price, a trial, promotion codes and VAT ID collection', async () => {
    const owner = await app.signedIn('sub-checkout');
    const { url } = await checkoutOf(owner, { plan: 'business', interval: 'year' });
    const session = lastSessionOf(owner.workspaceId);
    expect(url).toBe(session.url);
    const [created] = requestsTo('/v1/customers').filter(
      (r) => r.form.get('metadata[workspaceId]') === owner.workspaceId,
    );
    expect(created.headers['idempotency-key']).toBe(`customer-${owner.workspaceId}`);
    expect(created.form.get('email')).toBe(owner.email);
    expect(created.form.get('preferred_locales[0]')).toBe('de');
    const customer = await app.customerOf(owner.workspaceId);
    expect(customer).toMatch(/^cus_test_/);
    const form = Object.fromEntries(requestsTo('/v1/checkout/sessions').at(-1)!.form);
    expect(form).toEqual({
      mode: 'subscription',
      customer,
      'customer_update[address]': 'auto',
      'customer_update[name]': 'auto',
      'line_items[0][price]': PRICES.STRIPE_PRICE_BUSINESS_YEAR,
      'line_items[0][quantity]': '1',
      'subscription_data[trial_period_days]': '14',
      'subscription_data[metadata][workspaceId]': owner.workspaceId,
      allow_promotion_codes: 'true',
      'tax_id_collection[enabled]': 'true',
      billing_address_collection: 'required',
      locale: 'de',
      client_reference_id: owner.workspaceId,
      'metadata[workspaceId]': owner.workspaceId,
      'metadata[plan]': 'business',
      'metadata[interval]': 'year',
      success_url: `${app.ORIGIN}/de/dashboard/billing?checkout=success`,
      cancel_url: `${app.ORIGIN}/de/dashboard/billing`,
    });
  });

  it('bills a second checkout to the same customer, and answers a repeated request with the same session', async () => {
    const owner = await app.signedIn('sub-second');
    const requestKey = crypto.randomUUID();
    const first = await checkoutOf(owner, { requestKey });
    const customers = requestsTo('/v1/customers').length;
    const sessions = standIn.sessions.size;
    expect(await checkoutOf(owner, { requestKey })).toEqual(first);
    expect(standIn.sessions.size).toBe(sessions);
    // The buyer left the first checkout and starts another (no trial asked this time).
    await checkoutOf(owner, { plan: 'starter', trial: false });
    expect(requestsTo('/v1/customers').length).toBe(customers);
    const second = requestsTo('/v1/checkout/sessions').at(-1)!.form;
    expect(second.get('customer')).toBe(await app.customerOf(owner.workspaceId));
    expect(second.get('line_items[0][price]')).toBe(PRICES.STRIPE_PRICE_STARTER_MONTH);
    expect(second.has('subscription_data[trial_period_days]')).toBe(false);
  });

  it('refuses another workspace’s member, a return address elsewhere and a workspace already subscribed', async () => {
    const owner = await app.signedIn('sub-refused');
    const stranger = await app.signedIn('sub-stranger');
    const before = standIn.requests.length;
    // Not a member of this workspace: the 404 of a workspace that does not exist, as everywhere.
    expect(await refusal(() => checkoutOf(owner, { ownerUid: stranger.uid }))).toMatchObject({
      status: 404,
      code: 'notFound',
    });
    expect(await refusal(() => checkoutOf(owner, { successUrl: 'https://evil.example/billing' }))).toMatchObject({
      status: 400,
      code: 'invalidBody',
    });
    expect(standIn.requests.length).toBe(before);
    expect(await app.customerOf(owner.workspaceId)).toBeNull();
    const { subscription } = await subscribe(owner);
    await deliver('customer.subscription.created', subscription);
    expect(await refusal(() => checkoutOf(owner))).toEqual({
      status: 409,
      retryAfter: null,
      code: 'subscriptionExists',
      message: expect.stringContaining('bereits ein Abonnement'),
    });
  });

  it('answers 503 while Stripe is down and keeps no customer, then opens the checkout once it is back', async () => {
    const owner = await app.signedIn('sub-down');
    expect(await whileDown(() => refusal(() => checkoutOf(owner)))).toEqual({
      status: 503,
      retryAfter: '10',
      code: 'paymentUnavailable',
      message: expect.stringContaining('Zahlungsdienst'),
    });
    expect(await app.customerOf(owner.workspaceId)).toBeNull();
    expect((await checkoutOf(owner)).url).toBe(lastSessionOf(owner.workspaceId).url);
  });
});

describe('the Customer Portal', () => {
  it('opens a new portal session for the workspace’s customer on every click, returning to this site', async () => {
    const owner = await app.signedIn('portal');
    await checkoutOf(owner);
    const returnUrl = `${app.ORIGIN}/en/dashboard/billing`;
    const first = await app.createStripePortalSession({ workspaceId: owner.workspaceId, returnUrl, locale: 'en' });
    const second = await app.createStripePortalSession({ workspaceId: owner.workspaceId, returnUrl, locale: 'en' });
    expect(first.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(second.url).not.toBe(first.url);
    expect(standIn.portalSessions.slice(-2)).toEqual([
      expect.objectContaining({
        url: first.url,
        customer: await app.customerOf(owner.workspaceId),
        return_url: returnUrl,
        locale: 'en',
      }),
      expect.objectContaining({ url: second.url }),
    ]);
  });

  it('refuses a workspace without a Stripe customer (409), a foreign return address (400), Stripe down (503)', async () => {
    const owner = await app.signedIn('portal-refused');
    const open = (returnUrl = `${app.ORIGIN}/de/dashboard/billing`) =>
      app.createStripePortalSession({ workspaceId: owner.workspaceId, returnUrl, locale: 'de' });
    expect(await refusal(() => open())).toEqual({
      status: 409,
      retryAfter: null,
      code: 'noStripeCustomer',
      message: expect.stringContaining('noch kein Abonnement über Stripe'),
    });
    await checkoutOf(owner);
    expect(await refusal(() => open('https://evil.example/'))).toMatchObject({ status: 400, code: 'invalidBody' });
    expect(await whileDown(() => refusal(() => open()))).toMatchObject({ status: 503, code: 'paymentUnavailable' });
  });
});

/** An owner whose workspace completed a subscription checkout at Stripe (no event delivered yet). */
async function subscribe(owner?: Owner, options: { trial?: boolean; status?: string } = {}) {
  const who = owner ?? (await app.signedIn('subscriber'));
  await checkoutOf(who, { trial: options.trial ?? false });
  const session = lastSessionOf(who.workspaceId);
  const subscription = standIn.subscribe(session.id, options.status);
  return { owner: who, session, subscription };
}

function deliver(type: string, object: Record<string, unknown> & { id: string }, eventId?: string) {
  const event = signedEvent(type, object, process.env.STRIPE_WEBHOOK_SECRET!, eventId);
  return deliverSigned(event.payload, event.signature).then((response) => ({ response, id: event.id }));
}

function deliverSigned(payload: string, signature: string) {
  return app.webhook(
    new app.NextRequest(`${app.ORIGIN}/api/stripe/webhook`, {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': signature },
    }),
  );
}

const at = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));

/** The row Stripe's current state of the subscription gives. */
function rowFor(workspaceId: string, subscription: StandInSubscription, overrides: Record<string, unknown> = {}) {
  const [item] = subscription.items.data;
  return expect.objectContaining({
    workspaceId,
    plan: 'professional',
    interval: 'month',
    status: 'active',
    provider: 'stripe',
    providerSubscriptionId: subscription.id,
    providerCustomerId: subscription.customer,
    currentPeriodStart: at(item.current_period_start),
    currentPeriodEnd: at(item.current_period_end),
    trialEnd: at(subscription.trial_end),
    cancelAtPeriodEnd: false,
    pastDueSince: null,
    canceledAt: null,
    ...overrides,
  });
}

describe('webhook events drive the workspace’s subscription', () => {
  /**
   * One subscription's history at Stripe: its checkout completed and the subscription created trialing, then
   * updated to active at the trial's end with a new period, whose invoice was paid. Each event carries the
   * copy of its moment; Stripe now has the last state.
   */
  async function history() {
    const { owner, session, subscription } = await subscribe(undefined, { trial: true });
    const created = structuredClone(subscription);
    const start = subscription.trial_end!;
    standIn.setSubscription(subscription.id, {
      status: 'active',
      items: {
        object: 'list',
        data: [{ ...subscription.items.data[0], current_period_start: start, current_period_end: start + 30 * DAY }],
      },
    });
    const invoice = standIn.invoice(subscription.id);
    const secret = process.env.STRIPE_WEBHOOK_SECRET!;
    const events = [
      signedEvent('checkout.session.completed', { ...session }, secret),
      signedEvent('customer.subscription.created', created, secret),
      signedEvent('customer.subscription.updated', structuredClone(subscription), secret),
      signedEvent('invoice.paid', invoice, secret),
    ];
    return { owner, subscription, invoice, events };
  }

  it.each([
    ['in order', [0, 1, 2, 3]],
    ['shuffled', [2, 0, 3, 1]],
    ['reversed', [3, 2, 1, 0]],
    ['each repeated', [0, 1, 1, 0, 2, 3, 2, 3, 3]],
  ])('gives the same final state with the events %s', async (_, order) => {
    const { owner, subscription, invoice, events } = await history();
    const results = [];
    for (const index of order) {
      const response = await deliverSigned(events[index].payload, events[index].signature);
      expect(response.status).toBe(200);
      results.push((await response.json()).result);
    }
    // Each event is applied once; a redelivery changes nothing.
    expect(results.filter((result) => result === 'applied')).toHaveLength(4);
    expect(results.filter((result) => result === 'duplicate')).toHaveLength(order.length - 4);
    expect(await app.rowsOf(owner.workspaceId)).toEqual([rowFor(owner.workspaceId, subscription)]);
    expect(await app.stripeInvoicesOf(owner.workspaceId)).toEqual([
      {
        id: invoice.id,
        number: invoice.number,
        status: 'paid',
        total: 4900,
        currency: 'EUR',
        hostedInvoiceUrl: invoice.hosted_invoice_url,
        pdfUrl: invoice.invoice_pdf,
        issuedAt: at(invoice.created as number)!.toISOString(),
      },
    ]);
    expect(await app.entitlementOf(owner.workspaceId)).toMatchObject({
      plan: 'professional',
      source: 'subscription',
      status: 'active',
      readOnly: false,
    });
  });

  it('never lets an older read of Stripe, written last, undo a newer one (events read concurrently)', async () => {
    const { owner, subscription } = await subscribe(undefined, { trial: true });
    const failed = standIn.invoice(subscription.id, { status: 'open' });
    // Read while trialing with the invoice open; Stripe's answers arrive after the next event's, the
    // subscription's last.
    standIn.holdNextRead(1500);
    const slowSubscription = deliver('customer.subscription.created', subscription);
    await new Promise((resolve) => setTimeout(resolve, 300));
    standIn.holdNextRead(800);
    const slowInvoice = deliver('invoice.payment_failed', failed);
    await new Promise((resolve) => setTimeout(resolve, 300));
    standIn.setSubscription(subscription.id, { status: 'active' });
    standIn.invoices.get(failed.id)!.status = 'paid';
    const paid = await deliver('invoice.paid', failed);
    expect(await paid.response.json()).toEqual({ received: true, result: 'applied' });
    for (const slow of [slowSubscription, slowInvoice])
      expect(await (await slow).response.json()).toEqual({ received: true, result: 'applied' });
    expect(await app.rowsOf(owner.workspaceId)).toEqual([rowFor(owner.workspaceId, subscription)]);
    expect(await app.stripeInvoicesOf(owner.workspaceId)).toEqual([expect.objectContaining({ status: 'paid' })]);
  });

  it('grants nothing while Stripe reports the first payment incomplete, whatever the event’s copy says', async () => {
    const { owner, subscription } = await subscribe(undefined, { status: 'incomplete' });
    const { response } = await deliver('customer.subscription.created', { ...subscription, status: 'active' });
    expect(await response.json()).toEqual({ received: true, result: 'applied' });
    expect(await app.rowsOf(owner.workspaceId)).toEqual([]);
    expect(await app.entitlementOf(owner.workspaceId)).toMatchObject({ plan: 'free', source: 'free' });
  });

  it('goes past due on a failed renewal, read-only when Stripe marks it unpaid, and back when it is paid', async () => {
    const { owner, subscription } = await subscribe();
    await deliver('customer.subscription.created', subscription);
    standIn.setSubscription(subscription.id, { status: 'past_due' });
    await deliver('invoice.payment_failed', standIn.invoice(subscription.id, { status: 'open' }));
    const [pastDue] = await app.rowsOf(owner.workspaceId);
    expect(pastDue).toEqual(
      rowFor(owner.workspaceId, subscription, { status: 'past_due', pastDueSince: expect.any(Date) }),
    );
    expect(await app.entitlementOf(owner.workspaceId)).toMatchObject({ status: 'past_due', readOnly: false });

    standIn.setSubscription(subscription.id, { status: 'unpaid' });
    await deliver('customer.subscription.updated', subscription);
    // The dunning still counts from the first failure.
    expect(await app.rowsOf(owner.workspaceId)).toEqual([
      rowFor(owner.workspaceId, subscription, { status: 'read_only', pastDueSince: pastDue.pastDueSince }),
    ]);
    expect(await app.entitlementOf(owner.workspaceId)).toMatchObject({ status: 'read_only', readOnly: true });

    standIn.setSubscription(subscription.id, { status: 'active' });
    await deliver('invoice.paid', standIn.invoice(subscription.id));
    expect(await app.rowsOf(owner.workspaceId)).toEqual([rowFor(owner.workspaceId, subscription)]);
    expect(await app.entitlementOf(owner.workspaceId)).toMatchObject({ status: 'active', readOnly: false });
  });

  it('keeps a cancellation at the period’s end, then cancels on deletion; a new checkout gets no second trial', async () => {
    const { owner, subscription } = await subscribe(undefined, { trial: true });
    await deliver('customer.subscription.created', subscription);
    // Two agents on Professional's seats, whom the free tier's one seat puts aside once the subscription ends.
    await app.addAgent(owner.workspaceId, `agent-a-${owner.uid}`);
    await app.addAgent(owner.workspaceId, `agent-b-${owner.uid}`);
    standIn.setSubscription(subscription.id, { cancel_at_period_end: true });
    await deliver('customer.subscription.updated', subscription);
    expect(await app.rowsOf(owner.workspaceId)).toEqual([
      rowFor(owner.workspaceId, subscription, { status: 'trialing', cancelAtPeriodEnd: true }),
    ]);
    const endedAt = subscription.items.data[0].current_period_end;
    standIn.setSubscription(subscription.id, { status: 'canceled', canceled_at: endedAt - DAY, ended_at: endedAt });
    await deliver('customer.subscription.deleted', subscription);
    expect(await app.rowsOf(owner.workspaceId)).toEqual([
      rowFor(owner.workspaceId, subscription, { status: 'canceled', cancelAtPeriodEnd: true, canceledAt: at(endedAt) }),
    ]);
    expect(await app.entitlementOf(owner.workspaceId)).toMatchObject({ plan: 'free', source: 'free' });
    expect(await app.seatsOf(owner.workspaceId)).toEqual({
      members: [owner.uid],
      aside: expect.arrayContaining([`agent-a-${owner.uid}:seats`, `agent-b-${owner.uid}:seats`]),
    });
    await checkoutOf(owner, { trial: true });
    expect(requestsTo('/v1/checkout/sessions').at(-1)!.form.has('subscription_data[trial_period_days]')).toBe(false);
  });

  it('shows a downgrade the portal scheduled for the end of the period as the pending plan', async () => {
    const { owner, subscription } = await subscribe();
    await deliver('customer.subscription.created', subscription);
    const [item] = subscription.items.data;
    const phase = (start: number, end: number, price: string) => ({
      start_date: start,
      end_date: end,
      items: [{ price }],
    });
    standIn.setSubscription(subscription.id, {
      schedule: {
        id: 'sub_sched_test_1',
        object: 'subscription_schedule',
        phases: [
          phase(item.current_period_start, item.current_period_end, item.price.id),
          phase(item.current_period_end, item.current_period_end + 365 * DAY, PRICES.STRIPE_PRICE_STARTER_YEAR),
        ],
      },
    });
    await deliver('customer.subscription.updated', subscription);
    expect(await app.rowsOf(owner.workspaceId)).toEqual([
      rowFor(owner.workspaceId, subscription, { pendingPlan: 'starter', pendingInterval: 'year' }),
    ]);
    // The schedule released (the owner kept the plan): nothing pending.
    standIn.setSubscription(subscription.id, { schedule: null });
    await deliver('customer.subscription.updated', subscription);
    expect(await app.rowsOf(owner.workspaceId)).toEqual([
      rowFor(owner.workspaceId, subscription, { pendingPlan: null, pendingInterval: null }),
    ]);
  });

  it('refuses a bad signature with a 400 and writes nothing', async () => {
    const { owner, subscription } = await subscribe();
    const event = signedEvent('customer.subscription.created', subscription, process.env.STRIPE_WEBHOOK_SECRET!);
    const forged = signedEvent('customer.subscription.created', subscription, 'whsec_someoneelse0123456789', event.id);
    for (const signature of [forged.signature, event.signature.replace(/v1=\w{4}/, 'v1=0000'), '']) {
      const response = await deliverSigned(event.payload, signature);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: 'invalidSignature' });
    }
    expect(await app.processed(event.id)).toBe(false);
    expect(await app.rowsOf(owner.workspaceId)).toEqual([]);
  });

  it('answers 503 while Stripe is down, recording nothing, so that the redelivered event is applied', async () => {
    const { owner, subscription } = await subscribe();
    const first = await whileDown(() => deliver('customer.subscription.created', subscription));
    expect(first.response.status).toBe(503);
    expect((await first.response.json()).error).toMatchObject({ code: 'paymentUnavailable' });
    expect(await app.processed(first.id)).toBe(false);
    expect(await app.rowsOf(owner.workspaceId)).toEqual([]);
    const again = await deliver('customer.subscription.created', subscription, first.id);
    expect(await again.response.json()).toEqual({ received: true, result: 'applied' });
    expect(await app.rowsOf(owner.workspaceId)).toEqual([rowFor(owner.workspaceId, subscription)]);
  });
});

describe('the billing API with Stripe', () => {
  it('opens Stripe Checkout and the portal for the owner through the billing endpoints', async () => {
    const owner = await app.signedIn('stripe-routes');
    const wid = owner.workspaceId;
    const ctx = { params: Promise.resolve({ wid }) };
    const opened = await app.checkoutRoute(
      app.apiRequest(
        'POST',
        `/api/workspaces/${wid}/billing/checkout`,
        owner,
        { plan: 'starter', interval: 'year', trial: false },
        { 'idempotency-key': crypto.randomUUID() },
      ),
      ctx,
    );
    expect(opened.status).toBe(201);
    const session = lastSessionOf(wid);
    expect((await opened.json()).url).toBe(session.url);
    expect(session).toMatchObject({ mode: 'subscription', success_url: `${app.ORIGIN}/dashboard/billing` });
    const portal = await app.portalRoute(app.apiRequest('POST', `/api/workspaces/${wid}/billing/portal`, owner), ctx);
    expect(portal.status).toBe(200);
    expect((await portal.json()).url).toMatch(/^https?:\/\//);
  });
});
