// Stripe mode: the Stripe adapter against a local stand-in of Stripe's API (the SDK's host/port/protocol
// options), never the real Stripe. The app's modules are loaded with STRIPE_SECRET_KEY set.
import type { NextRequest as NextRequestType } from 'next/server';
import { startStripeStandIn } from '../support/stripe-stand-in';

type Handler = (request: NextRequestType) => Promise<Response>;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let app: {
  checkout: Handler;
  checkoutReturn: Handler;
  NextRequest: typeof NextRequestType;
  orderStatus: (id: string) => Promise<string>;
  ordersOf: (uid: string) => Promise<Array<{ status: string; checkoutSessionId: string | null }>>;
  signedIn: typeof import('./signed-in').signedIn;
  ORIGIN: string;
};

beforeAll(async () => {
  standIn = await startStripeStandIn();
  await jest.isolateModulesAsync(async () => {
    process.env.STRIPE_SECRET_KEY = standIn.secretKey;
    process.env.STRIPE_API_URL = standIn.url;
    const [{ POST }, { GET }, { NextRequest }, { orderSummary }, helpers, { database }, { orders }, { eq }] = await Promise.all([
      import('@/app/api/checkout/route'),
      import('@/app/api/checkout/return/route'),
      import('next/server'),
      import('@/lib/shop/orders'),
      import('./signed-in'),
      import('@/lib/db'),
      import('@/lib/db/schema'),
      import('drizzle-orm'),
    ]);
    app = {
      checkout: POST,
      checkoutReturn: GET,
      NextRequest,
      orderStatus: async (id) => (await orderSummary(id))!.status,
      ordersOf: async (uid) => (await database()).select().from(orders).where(eq(orders.uid, uid)),
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
    new app.NextRequest(`${app.ORIGIN}/api/checkout`, { method: 'POST', body: JSON.stringify(body), headers: { origin: app.ORIGIN, 'content-type': 'application/json', ...headers } }),
  );
}

const returnTo = (id: string) => app.checkoutReturn(new app.NextRequest(`${app.ORIGIN}/api/checkout/return?session_id=${id}`));

it('opens a Checkout Session in payment mode with the catalogue’s line items, locale, e-mail and order id', async () => {
  const me = await app.signedIn('stripe');
  const response = await buy({ productId: 'professional', quantity: 3 }, { cookie: me.cookie, 'accept-language': 'de-DE' });
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
  expect(form.get('line_items[0][price_data][unit_amount]')).toBe('7900');
  expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Professional');
  expect(form.get('success_url')).toBe(`${app.ORIGIN}/api/checkout/return?session_id={CHECKOUT_SESSION_ID}`);
  expect(form.get('cancel_url')).toBe(`${app.ORIGIN}/de/shop/cancel?order=${orderId}`);
  expect(created.headers['idempotency-key']).toBe(`checkout-${orderId}`);
  expect(created.headers.authorization).toBe(`Bearer ${standIn.secretKey}`);
  expect(await app.orderStatus(orderId)).toBe('pending');
});

it('marks the order paid on return only when Stripe reports the session paid', async () => {
  const { orderId } = await (await buy({ productId: 'starter', quantity: 1 })).json();
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

it('answers 502 when Stripe cannot be reached, and the order is failed, not left pending', async () => {
  const me = await app.signedIn('stripe-down');
  standIn.fail(10);
  const response = await buy({ productId: 'starter', quantity: 1 }, { cookie: me.cookie });
  standIn.fail(0);
  expect(response.status).toBe(502);
  expect((await response.json()).error.code).toBe('paymentUnavailable');
  expect(await app.ordersOf(me.uid)).toEqual([expect.objectContaining({ status: 'failed', checkoutSessionId: null })]);
});
