// Stripe mode: the Stripe adapter against a local stand-in of Stripe's API (the SDK's host/port/protocol
// options), never the real Stripe. The app's modules are loaded with STRIPE_SECRET_KEY set.
import type { NextRequest as NextRequestType } from 'next/server';
import { startStripeStandIn } from '../support/stripe-stand-in';

type Handler = (request: NextRequestType) => Promise<Response>;
type OrderRow = { id: string; status: string; checkoutSessionId: string | null };
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let app: {
  checkout: Handler;
  cancel: Handler;
  checkoutReturn: Handler;
  webhook: Handler;
  NextRequest: typeof NextRequestType;
  orderStatus: (id: string) => Promise<string>;
  ordersOf: (uid: string) => Promise<OrderRow[]>;
  processedEvent: (id: string) => Promise<boolean>;
  orderEmail: (id: string) => Promise<string | null>;
  mailsTo: (to: string) => Promise<Array<{ kind: string; subject: string; text: string }>>;
  signedIn: typeof import('./signed-in').signedIn;
  ORIGIN: string;
};

beforeAll(async () => {
  standIn = await startStripeStandIn();
  await jest.isolateModulesAsync(async () => {
    process.env.STRIPE_SECRET_KEY = standIn.secretKey;
    process.env.STRIPE_API_URL = standIn.url;
    const [
      { POST },
      cancel,
      { GET },
      webhook,
      { NextRequest },
      { orderSummary },
      helpers,
      { database },
      { mails, orders, processedWebhookEvents },
      { eq },
    ] = await Promise.all([
      import('@/app/api/checkout/route'),
      import('@/app/api/checkout/cancel/route'),
      import('@/app/api/checkout/return/route'),
      import('@/app/api/stripe/webhook/route'),
      import('next/server'),
      import('@/lib/shop/orders'),
      import('./signed-in'),
      import('@/lib/db'),
      import('@/lib/db/schema'),
      import('drizzle-orm'),
    ]);
    app = {
      checkout: POST,
      cancel: cancel.POST,
      checkoutReturn: GET,
      webhook: webhook.POST,
      NextRequest,
      orderStatus: async (id) => (await orderSummary(id))!.status,
      ordersOf: async (uid) => (await database()).select().from(orders).where(eq(orders.uid, uid)),
      processedEvent: async (id) =>
        (await (await database()).select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, id)))
          .length > 0,
      orderEmail: async (id) =>
        (await (await database()).select({ email: orders.email }).from(orders).where(eq(orders.id, id)))[0].email,
      mailsTo: async (to) => (await database()).select().from(mails).where(eq(mails.to, to)),
      signedIn: helpers.signedIn,
      ORIGIN: helpers.ORIGIN,
    };
  });
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_API_URL;
});

afterAll(() => standIn.stop());

function buy(body: unknown, headers: Record<string, string> = {}) {
  return app.checkout(
    new app.NextRequest(`${app.ORIGIN}/api/checkout`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { origin: app.ORIGIN, 'content-type': 'application/json', ...headers },
    }),
  );
}

const returnTo = (id: string) =>
  app.checkoutReturn(new app.NextRequest(`${app.ORIGIN}/api/checkout/return?session_id=${id}`));

it('opens a Checkout Session in payment mode with the catalogue’s line items, locale, e-mail and order id', async () => {
  const me = await app.signedIn('stripe');
  const key = crypto.randomUUID();
  const response = await buy(
    { productId: 'setup-service', quantity: 3 },
    { cookie: me.cookie, 'accept-language': 'de-DE', 'idempotency-key': key },
  );
  expect(response.status).toBe(201);
  const { url, orderId } = await response.json();
  const created = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
  expect(url).toBe(`https://checkout.stripe.test/c/pay/${[...standIn.sessions.keys()].at(-1)}`);
  const form = created.form;
  expect(form.get('mode')).toBe('payment');
  expect(form.get('locale')).toBe('de');
  expect(form.get('customer_email')).toBe(me.email);
  expect(form.get('client_reference_id')).toBe(orderId);
  expect(form.get('metadata[orderId]')).toBe(orderId);
  expect(form.get('metadata[uid]')).toBe(me.uid);
  expect(form.get('line_items[0][quantity]')).toBe('3');
  expect(form.get('line_items[0][price_data][currency]')).toBe('eur');
  expect(form.get('line_items[0][price_data][unit_amount]')).toBe('14900');
  expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Einrichtungsservice');
  expect(form.get('success_url')).toBe(`${app.ORIGIN}/api/checkout/return?session_id={CHECKOUT_SESSION_ID}`);
  expect(form.get('cancel_url')).toBe(`${app.ORIGIN}/de/shop/cancel?order=${orderId}`);
  // Stripe's own idempotency key, derived from the purchase intent's.
  expect(created.headers['idempotency-key']).toBe(`checkout-${key}`);
  expect(created.headers.authorization).toBe(`Bearer ${standIn.secretKey}`);
  expect(await app.orderStatus(orderId)).toBe('pending');
});

it('marks the order paid on return only when Stripe reports the session paid', async () => {
  const { orderId } = await (await buy({ productId: 'setup-service', quantity: 1 })).json();
  const sessionId = [...standIn.sessions.keys()].at(-1)!;
  const early = await returnTo(sessionId);
  expect(early.status).toBe(303);
  expect(early.headers.get('location')).toBe(`/shop/success?order=${orderId}`);
  expect(await app.orderStatus(orderId)).toBe('pending');
  standIn.pay(sessionId);
  await returnTo(sessionId);
  expect(await app.orderStatus(orderId)).toBe('paid');
});

it('answers a session Stripe does not know with an error page and changes nothing', async () => {
  const forged = await returnTo('cs_test_forged0123456789');
  expect(forged.status).toBe(404);
  expect(await forged.text()).toContain('This checkout could not be confirmed');
});

/** The Checkout Sessions the stand-in created for an order. */
const sessionsOf = (orderId: string) =>
  [...standIn.sessions.values()].filter((session) => session.client_reference_id === orderId);
const creations = () =>
  standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;

describe('one purchase intent, one order and one Checkout Session', () => {
  it('answers a repeat of the same key with the same checkout, without asking Stripe again', async () => {
    const me = await app.signedIn('stripe-repeat');
    const headers = { cookie: me.cookie, 'idempotency-key': crypto.randomUUID() };
    const first = await buy({ productId: 'setup-service', quantity: 2 }, headers);
    expect(first.status).toBe(201);
    const before = creations();
    const repeat = await buy({ productId: 'setup-service', quantity: 2 }, headers);
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual(await first.json());
    expect(creations()).toBe(before);
    expect(await app.ordersOf(me.uid)).toHaveLength(1);
  });

  it('gives 10 parallel requests with one key one order and one session', async () => {
    const me = await app.signedIn('stripe-parallel');
    const headers = { cookie: me.cookie, 'idempotency-key': crypto.randomUUID() };
    // Creating a session takes a while at Stripe, so that the requests overlap there too.
    standIn.setLatency(300);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => buy({ productId: 'setup-service', quantity: 1 }, headers)),
      );
      const bodies = await Promise.all(answers.map((answer) => answer.json()));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
      const rows = await app.ordersOf(me.uid);
      expect(rows).toHaveLength(1);
      expect(sessionsOf(rows[0].id)).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'pending', checkoutSessionId: sessionsOf(rows[0].id)[0].id });
    } finally {
      standIn.setLatency(0);
    }
  });

  it('answers a repeat while Stripe is still opening the session with a translated 409, failing nothing', async () => {
    const me = await app.signedIn('stripe-in-progress');
    const headers = { cookie: me.cookie, 'idempotency-key': crypto.randomUUID(), 'accept-language': 'de' };
    // Longer than the SDK retries a 409 idempotency_key_in_use (about 1.5 s).
    standIn.setLatency(3000);
    try {
      const first = buy({ productId: 'setup-service', quantity: 1 }, headers);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const repeat = await buy({ productId: 'setup-service', quantity: 1 }, headers);
      expect(repeat.status).toBe(409);
      expect(repeat.headers.get('retry-after')).toBe('1');
      expect((await repeat.json()).error).toEqual({
        code: 'checkoutInProgress',
        message: expect.stringContaining('Bezahlvorgang wird gerade geöffnet'),
      });
      expect((await first).status).toBe(201);
    } finally {
      standIn.setLatency(0);
    }
    const [order] = await app.ordersOf(me.uid);
    expect(order).toMatchObject({ status: 'pending' });
    expect(sessionsOf(order.id)).toHaveLength(1);
  });

  it('answers 503 with Retry-After while Stripe is down, and opens the session once when it is back', async () => {
    const me = await app.signedIn('stripe-down');
    const headers = { cookie: me.cookie, 'idempotency-key': crypto.randomUUID(), 'accept-language': 'de' };
    standIn.down();
    let response: Response;
    try {
      response = await buy({ productId: 'setup-service', quantity: 1 }, headers);
    } finally {
      standIn.up();
    }
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    expect((await response.json()).error).toEqual({
      code: 'paymentUnavailable',
      message: expect.stringContaining('Zahlungsdienst'),
    });
    // Nothing is left pending without a checkout.
    const [failed] = await app.ordersOf(me.uid);
    expect(failed).toMatchObject({ status: 'failed', checkoutSessionId: null });

    const retry = await buy({ productId: 'setup-service', quantity: 1 }, headers);
    expect(retry.status).toBe(201);
    const { orderId, url } = await retry.json();
    expect(orderId).toBe(failed.id);
    expect(sessionsOf(orderId)).toHaveLength(1);
    expect(url).toBe(sessionsOf(orderId)[0].url);
    expect(await app.ordersOf(me.uid)).toEqual([
      expect.objectContaining({ id: orderId, status: 'pending', checkoutSessionId: sessionsOf(orderId)[0].id }),
    ]);
    // Every request of the intent went to Stripe with the same key of its own.
    const keys = standIn.requests
      .filter((r) => r.form.get('client_reference_id') === orderId)
      .map((r) => r.headers['idempotency-key']);
    expect(new Set(keys)).toEqual(new Set([`checkout-${headers['idempotency-key']}`]));
  });

  it('refuses the same key with another request with a translated 422, writing nothing', async () => {
    const me = await app.signedIn('stripe-reused');
    const key = crypto.randomUUID();
    const first = await buy({ productId: 'setup-service', quantity: 1 }, { cookie: me.cookie, 'idempotency-key': key });
    expect(first.status).toBe(201);
    const before = creations();
    for (const [body, cookie] of [
      [{ productId: 'setup-service', quantity: 2 }, me.cookie],
      [{ productId: 'setup-service', quantity: 3 }, me.cookie],
      // Another buyer (a guest) with the same key.
      [{ productId: 'setup-service', quantity: 1 }, ''],
    ] as const) {
      const response = await buy(body, { cookie, 'idempotency-key': key, 'accept-language': 'de' });
      expect(response.status).toBe(422);
      expect((await response.json()).error).toEqual({
        code: 'idempotencyKeyReused',
        message: expect.stringContaining('bereits mit anderen Angaben'),
      });
    }
    expect(creations()).toBe(before);
    expect(await app.ordersOf(me.uid)).toHaveLength(1);
  });
});

describe('fulfilment reads the session from Stripe', () => {
  const SECRET = process.env.STRIPE_WEBHOOK_SECRET!;

  async function pendingOrder() {
    const { orderId } = await (
      await buy({ productId: 'setup-service', quantity: 1 }, { 'idempotency-key': crypto.randomUUID() })
    ).json();
    return { orderId: orderId as string, sessionId: sessionsOf(orderId)[0].id };
  }

  /** A correctly signed event whose own copy of the session claims `paymentStatus`. */
  async function deliver(
    type: string,
    order: { orderId: string; sessionId: string },
    paymentStatus: string,
    id = `evt_${crypto.randomUUID().replaceAll('-', '')}`,
  ) {
    const { default: Stripe } = await import('stripe');
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      data: {
        object: {
          id: order.sessionId,
          object: 'checkout.session',
          payment_status: paymentStatus,
          metadata: { orderId: order.orderId },
          client_reference_id: order.orderId,
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const response = await app.webhook(
      new app.NextRequest(`${app.ORIGIN}/api/stripe/webhook`, {
        method: 'POST',
        body: payload,
        headers: { 'stripe-signature': signature },
      }),
    );
    return { response, id };
  }

  it.each([
    ['paid', 'checkout.session.completed', 'paid', (id: string) => standIn.pay(id)],
    ['expired', 'checkout.session.expired', 'unpaid', (id: string) => standIn.expire(id)],
  ] as const)(
    'marks an order %s only when Stripe reports its session so, whatever the event says',
    async (outcome, type, claim, happen) => {
      const order = await pendingOrder();
      const claimed = await deliver(type, order, claim);
      expect(claimed.response.status).toBe(200);
      expect(standIn.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: `/v1/checkout/sessions/${order.sessionId}`,
      });
      expect(await app.orderStatus(order.orderId)).toBe('pending');
      happen(order.sessionId);
      await deliver(type, order, claim);
      expect(await app.orderStatus(order.orderId)).toBe(outcome);
    },
  );

  it('answers 503 while Stripe is down, recording nothing, so that the redelivered event is applied', async () => {
    const order = await pendingOrder();
    standIn.pay(order.sessionId);
    standIn.down();
    let first: Awaited<ReturnType<typeof deliver>>;
    try {
      first = await deliver('checkout.session.completed', order, 'paid');
    } finally {
      standIn.up();
    }
    expect(first.response.status).toBe(503);
    expect(first.response.headers.get('retry-after')).toBe('10');
    expect(await app.processedEvent(first.id)).toBe(false);
    expect(await app.orderStatus(order.orderId)).toBe('pending');
    const again = await deliver('checkout.session.completed', order, 'paid', first.id);
    expect(await again.response.json()).toMatchObject({ result: 'applied' });
    expect(await app.orderStatus(order.orderId)).toBe('paid');
  });
});

describe('a guest’s purchase reaches its buyer (issue 15, points 4 and 7)', () => {
  const SECRET = process.env.STRIPE_WEBHOOK_SECRET!;

  it('keeps the address Stripe collected and sends one receipt, however many paths report the payment', async () => {
    const { orderId } = await (
      await buy(
        { productId: 'setup-service', quantity: 1 },
        { 'idempotency-key': crypto.randomUUID(), 'accept-language': 'de' },
      )
    ).json();
    const sessionId = sessionsOf(orderId)[0].id;
    const email = `guest-${crypto.randomUUID()}@example.com`;
    standIn.pay(sessionId, email);
    const { default: Stripe } = await import('stripe');
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', metadata: { orderId } } },
    });
    const deliver = () =>
      app.webhook(
        new app.NextRequest(`${app.ORIGIN}/api/stripe/webhook`, {
          method: 'POST',
          body: payload,
          headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
        }),
      );
    expect((await deliver()).status).toBe(200);
    expect(await app.orderStatus(orderId)).toBe('paid');
    expect(await app.orderEmail(orderId)).toBe(email);
    // The buyer comes back from Stripe, and the event is delivered again: still one receipt.
    expect((await returnTo(sessionId)).status).toBe(303);
    expect((await deliver()).status).toBe(200);
    const sent = await app.mailsTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'receipt',
      subject: expect.stringMatching(/^Ihre Quittung zur Bestellung [0-9A-Z]{4}-[0-9A-Z]{4}$/),
    });
    expect(sent[0].text).toContain('Gesamtbetrag: 149,00\u00a0€');
    expect(sent[0].text).toContain('/de/signup');
  });
});

describe('the buyer leaves the checkout (cancel page)', () => {
  const cancel = (orderId: string) =>
    app.cancel(
      new app.NextRequest(`${app.ORIGIN}/api/checkout/cancel`, {
        method: 'POST',
        body: JSON.stringify({ orderId }),
        headers: { origin: app.ORIGIN, 'content-type': 'application/json' },
      }),
    );
  const openOrder = async () => {
    const { orderId } = await (
      await buy({ productId: 'setup-service', quantity: 1 }, { 'idempotency-key': crypto.randomUUID() })
    ).json();
    return { orderId: orderId as string, sessionId: sessionsOf(orderId)[0].id };
  };

  it('expires the Checkout Session at Stripe, so it can no longer be paid, and cancels the order once', async () => {
    const order = await openOrder();
    const response = await cancel(order.orderId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'cancelled' });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/checkout/sessions/${order.sessionId}/expire`,
    });
    expect(standIn.sessions.get(order.sessionId)!.status).toBe('expired');
    expect(await app.orderStatus(order.orderId)).toBe('cancelled');
    // Again (a reload of the cancel page): nothing more is asked of Stripe.
    const requests = standIn.requests.length;
    expect(await (await cancel(order.orderId)).json()).toEqual({ status: 'cancelled' });
    expect(standIn.requests.length).toBe(requests);
  });

  it('keeps an order that Stripe had already taken the payment for: it is paid', async () => {
    const order = await openOrder();
    standIn.pay(order.sessionId);
    expect(await (await cancel(order.orderId)).json()).toEqual({ status: 'paid' });
    expect(await app.orderStatus(order.orderId)).toBe('paid');
  });

  it('answers 503 while Stripe is down and changes nothing', async () => {
    const order = await openOrder();
    standIn.down();
    let response: Response;
    try {
      response = await cancel(order.orderId);
    } finally {
      standIn.up();
    }
    expect(response.status).toBe(503);
    expect(await app.orderStatus(order.orderId)).toBe('pending');
  });
});
