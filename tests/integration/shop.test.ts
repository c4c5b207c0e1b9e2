import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { GET as productsApi } from '@/app/api/products/route';
import { POST as checkout } from '@/app/api/checkout/route';
import { GET as checkoutReturn } from '@/app/api/checkout/return/route';
import { POST as pay } from '@/app/api/checkout/local/[id]/route';
import { POST as webhook } from '@/app/api/stripe/webhook/route';
import { database } from '@/lib/db';
import { localCheckoutSessions, orders, processedWebhookEvents, products } from '@/lib/db/schema';
import { widgetLimit } from '@/lib/widgets/plan';
import { ORIGIN, signedIn } from './signed-in';
import { CARD, SECRET, deliver, event } from './checkouts';

function post(
  handler: (request: NextRequest) => Promise<Response>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return handler(
    new NextRequest(`${ORIGIN}${path}`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    }),
  );
}

async function buy(body: unknown = { productId: 'setup-service', quantity: 2 }, headers: Record<string, string> = {}) {
  const response = await post(checkout, '/api/checkout', body, headers);
  return { response, body: await response.json() };
}

const sessionOf = (url: string) => /\/shop\/checkout\/(cs_local_[0-9a-f]{32})$/.exec(new URL(url).pathname)![1];

/** Pays a local checkout; a guest gives the receipt's address (a signed-in buyer's order has it already). */
function payLocal(id: string, card: string, headers: Record<string, string> = {}) {
  const email = 'guest@example.com';
  return pay(
    new NextRequest(`${ORIGIN}/api/checkout/local/${id}`, {
      method: 'POST',
      body: JSON.stringify({ ...CARD, card, email }),
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    }),
    { params: Promise.resolve({ id }) },
  );
}

function returnTo(sessionId: string, headers: Record<string, string> = {}) {
  return checkoutReturn(
    new NextRequest(`${ORIGIN}/api/checkout/return?session_id=${encodeURIComponent(sessionId)}`, { headers }),
  );
}

async function order(id: string) {
  const db = await database();
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function orderCount() {
  const db = await database();
  return (await db.select({ id: orders.id }).from(orders)).length;
}

describe('catalogue', () => {
  it('answers the active products in the asked language', async () => {
    const en = await (await productsApi(new NextRequest(`${ORIGIN}/api/products`))).json();
    expect(en.locale).toBe('en');
    expect(en.products.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(['starter', 'professional']));
    const de = await (await productsApi(new NextRequest(`${ORIGIN}/api/products?locale=de`))).json();
    const starter = de.products.find((p: { id: string }) => p.id === 'starter');
    expect(starter).toMatchObject({ currency: 'EUR', priceCents: 2900, widgetLimit: 3 });
    // A plan's entitlements come from the table of plans (lib/billing/plans.ts), not from the catalogue's texts.
    expect(starter.features).toEqual([]);
    const setup = de.products.find((p: { id: string }) => p.id === 'setup-service');
    expect(setup.features[0]).toBe('Einstündiger Videocall');
  });
});

describe('local checkout', () => {
  it('creates a pending order at the catalogue price and a test checkout to pay it', async () => {
    const { response, body } = await buy({ productId: 'setup-service', quantity: 2, priceCents: 1 });
    expect(response.status).toBe(201);
    expect(body.url).toMatch(new RegExp(`^${ORIGIN}/shop/checkout/cs_local_[0-9a-f]{32}$`));
    const row = await order(body.orderId);
    expect(row).toMatchObject({
      status: 'pending',
      quantity: 2,
      amountCents: 29800,
      vatRateBasisPoints: 1900,
      currency: 'EUR',
      provider: 'local',
      uid: null,
    });
    expect(row.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(row.checkoutSessionId).toBe(sessionOf(body.url));
  });

  it('declines 4000 0000 0000 0002 in the buyer’s language, pays 4242 4242 4242 4242 once', async () => {
    const { body } = await buy({ productId: 'setup-service', quantity: 1 }, { 'accept-language': 'de' });
    const id = sessionOf(body.url);
    expect(body.url).toContain('/de/shop/checkout/');
    const declined = await payLocal(id, '4000 0000 0000 0002', { 'accept-language': 'de' });
    expect(declined.status).toBe(402);
    expect((await declined.json()).error).toMatchObject({
      code: 'cardDeclined',
      message: expect.stringContaining('abgelehnt'),
    });
    expect((await order(body.orderId)).status).toBe('pending');
    const invalid = await payLocal(id, '1234 5678');
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.fields).toHaveProperty('card');

    const paid = await payLocal(id, '4242 4242 4242 4242');
    expect(paid.status).toBe(200);
    expect((await paid.json()).url).toBe(`${ORIGIN}/api/checkout/return?session_id=${id}`);
    expect((await order(body.orderId)).status).toBe('paid');
    expect((await payLocal(id, '4242424242424242')).status).toBe(409);
  });

  it('returns to the order’s success page, marking it paid only when the provider says paid', async () => {
    const { body } = await buy({ productId: 'setup-service', quantity: 1 }, { 'accept-language': 'de' });
    const id = sessionOf(body.url);
    // The success address alone (not paid at the provider) changes nothing.
    const early = await returnTo(id);
    expect(early.status).toBe(303);
    expect(early.headers.get('location')).toBe(`/de/shop/success?order=${body.orderId}`);
    expect((await order(body.orderId)).status).toBe('pending');
    // Paid at the provider: the return confirms it.
    const db = await database();
    await db
      .update(localCheckoutSessions)
      .set({ status: 'complete', paymentStatus: 'paid' })
      .where(eq(localCheckoutSessions.id, id));
    expect((await returnTo(id)).status).toBe(303);
    expect((await order(body.orderId)).status).toBe('paid');
  });

  it('answers a forged or malformed session id with an error page and changes nothing', async () => {
    const before = await orderCount();
    const forged = await returnTo(`cs_local_${'0'.repeat(32)}`, { 'accept-language': 'de' });
    expect(forged.status).toBe(404);
    expect(forged.headers.get('content-type')).toContain('text/html');
    expect(await forged.text()).toContain('Dieser Bezahlvorgang konnte nicht bestätigt werden');
    for (const id of ['', 'x', 'cs_<script>', `cs_${'a'.repeat(300)}`, "cs_local_1' or '1'='1"])
      expect((await returnTo(id)).status).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const db = await database();
    await db.update(products).set({ active: false }).where(eq(products.slug, 'enterprise'));
    try {
      const before = await orderCount();
      const cases: [unknown, string][] = [
        [{ productId: 'no-such-plan', quantity: 1 }, 'productUnavailable'],
        [{ productId: 'enterprise', quantity: 1 }, 'productUnavailable'],
        [{ productId: 'setup-service', quantity: 0 }, 'invalidBody'],
        [{ productId: 'setup-service', quantity: 11 }, 'invalidBody'],
        [{ productId: 'setup-service', quantity: 1.5 }, 'invalidBody'],
        [{ productId: 'setup-service', quantity: '2' }, 'invalidBody'],
        [{ productId: "starter'; drop table orders;--", quantity: 1 }, 'invalidBody'],
        [{ quantity: 1 }, 'invalidBody'],
      ];
      for (const [body, code] of cases) {
        const { response, body: answer } = await buy(body);
        expect(response.status).toBe(400);
        expect(answer.error.code).toBe(code);
        expect(answer.error.message).toEqual(expect.any(String));
      }
      expect((await buy('{"productId":')).body.error.code).toBe('invalidJson');
      expect(
        (await buy({ productId: 'setup-service', quantity: 1 }, { origin: 'https://evil.example' })).response.status,
      ).toBe(403);
      expect((await buy({ productId: 'setup-service', quantity: 1, pad: 'x'.repeat(17 * 1024) })).response.status).toBe(
        413,
      );
      expect(await orderCount()).toBe(before);
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.slug, 'enterprise'));
    }
  });

  it('gives a signed-in buyer the order; a service bought once raises no plan limit', async () => {
    const me = await signedIn('buyer');
    expect(await widgetLimit(me.workspaceId)).toBe(1);
    const { body } = await buy({ productId: 'setup-service', quantity: 1 }, { cookie: me.cookie });
    expect(await order(body.orderId)).toMatchObject({ uid: me.uid, email: me.email });
    await payLocal(sessionOf(body.url), '4242424242424242');
    expect(await order(body.orderId)).toMatchObject({ status: 'paid' });
    expect(await widgetLimit(me.workspaceId)).toBe(1);
  });
});

describe('one purchase intent, one order and one checkout', () => {
  async function localSessionsOf(orderId: string) {
    const db = await database();
    return db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.orderId, orderId));
  }

  it('answers a repeat of the same Idempotency-Key with the same { url, orderId }', async () => {
    const key = { 'idempotency-key': crypto.randomUUID() };
    const before = await orderCount();
    const first = await buy({ productId: 'setup-service', quantity: 3 }, key);
    expect(first.response.status).toBe(201);
    const repeat = await buy({ productId: 'setup-service', quantity: 3 }, key);
    expect(repeat.response.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    // The key may also come in the body, as the other forms send it.
    const inBody = await buy({ productId: 'setup-service', quantity: 3, requestKey: key['idempotency-key'] });
    expect(inBody.body).toEqual(first.body);
    expect(await orderCount()).toBe(before + 1);
    expect(await localSessionsOf(first.body.orderId)).toHaveLength(1);
  });

  it('gives 10 parallel requests with one key one order and one checkout', async () => {
    const me = await signedIn('parallel');
    const headers = { cookie: me.cookie, 'idempotency-key': crypto.randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => buy({ productId: 'setup-service', quantity: 1 }, headers)),
    );
    expect(answers.map(({ response }) => response.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map(({ body }) => JSON.stringify(body))).size).toBe(1);
    const db = await database();
    const rows = await db.select().from(orders).where(eq(orders.uid, me.uid));
    expect(rows).toHaveLength(1);
    expect(await localSessionsOf(rows[0].id)).toEqual([expect.objectContaining({ id: rows[0].checkoutSessionId })]);
  });

  it('refuses the same key with another request with a translated 422, writing nothing', async () => {
    const key = crypto.randomUUID();
    await buy({ productId: 'setup-service', quantity: 1 }, { 'idempotency-key': key });
    const before = await orderCount();
    const response = await buy(
      { productId: 'setup-service', quantity: 2 },
      { 'idempotency-key': key, 'accept-language': 'de' },
    );
    expect(response.response.status).toBe(422);
    expect(response.body.error).toEqual({
      code: 'idempotencyKeyReused',
      message: expect.stringContaining('bereits mit anderen Angaben'),
    });
    expect(await orderCount()).toBe(before);
  });

  it('refuses a malformed key with 400', async () => {
    const before = await orderCount();
    for (const key of ['short', 'with spaces in it', 'x'.repeat(101)]) {
      expect((await buy({ productId: 'setup-service', quantity: 1 }, { 'idempotency-key': key })).response.status).toBe(
        400,
      );
    }
    expect(await orderCount()).toBe(before);
  });

  it('without a key: a signed-in buyer’s same request within a minute is one order, guests’ requests are their own', async () => {
    const me = await signedIn('keyless');
    const mine = await buy({ productId: 'setup-service', quantity: 1 }, { cookie: me.cookie });
    expect((await buy({ productId: 'setup-service', quantity: 1 }, { cookie: me.cookie })).body).toEqual(mine.body);
    const guest = await buy({ productId: 'setup-service', quantity: 1 });
    expect((await buy({ productId: 'setup-service', quantity: 1 })).body.orderId).not.toBe(guest.body.orderId);
  });
});

describe('webhook', () => {
  async function pendingOrder() {
    const { body } = await buy({ productId: 'setup-service', quantity: 1 });
    return { orderId: body.orderId as string, id: sessionOf(body.url) };
  }

  it('refuses a missing or bad signature with 400 and writes nothing', async () => {
    const session = await pendingOrder();
    const payload = event('checkout.session.completed', { ...session, paid: true });
    const unsigned = await webhook(new NextRequest(`${ORIGIN}/api/stripe/webhook`, { method: 'POST', body: payload }));
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).error.code).toBe('invalidSignature');
    expect((await deliver(payload, 'whsec_someoneelse0123456789')).status).toBe(400);
    expect((await deliver(payload, SECRET, 't=1,v1=deadbeef')).status).toBe(400);
    // A correct signature of another body.
    const other = Stripe.webhooks.generateTestHeaderString({
      payload: event('checkout.session.completed', { ...session, paid: true }),
      secret: SECRET,
    });
    expect((await deliver(payload, SECRET, other)).status).toBe(400);
    expect((await order(session.orderId)).status).toBe('pending');
    const db = await database();
    expect(
      await db
        .select()
        .from(processedWebhookEvents)
        .where(eq(processedWebhookEvents.id, JSON.parse(payload).id)),
    ).toEqual([]);
  });

  it('applies one event delivered 10 times (at once) exactly once', async () => {
    const session = await pendingOrder();
    const payload = event('checkout.session.completed', { ...session, paid: true });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const results = await Promise.all(answers.map(async (a) => (await a.json()).result));
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(9);
    expect((await order(session.orderId)).status).toBe('paid');
  });

  it('keeps the right final state whatever the order of delivery', async () => {
    const a = await pendingOrder();
    await deliver(event('checkout.session.completed', { ...a, paid: true }));
    await deliver(event('checkout.session.expired', { ...a, paid: false }));
    expect((await order(a.orderId)).status).toBe('paid');

    const b = await pendingOrder();
    await deliver(event('checkout.session.expired', { ...b, paid: false }));
    expect((await order(b.orderId)).status).toBe('expired');

    // A delayed payment method: completed unpaid, then the outcome.
    const c = await pendingOrder();
    await deliver(event('checkout.session.completed', { ...c, paid: false }));
    expect((await order(c.orderId)).status).toBe('pending');
    await deliver(event('checkout.session.async_payment_failed', { ...c, paid: false }));
    expect((await order(c.orderId)).status).toBe('failed');

    const d = await pendingOrder();
    await deliver(event('checkout.session.async_payment_succeeded', { ...d, paid: true }));
    await deliver(event('checkout.session.async_payment_failed', { ...d, paid: false }));
    expect((await order(d.orderId)).status).toBe('paid');
  });

  it('ignores other event types and unknown sessions, and refuses bodies over 1 MB', async () => {
    expect(
      await (
        await deliver(
          JSON.stringify({ id: 'evt_other1', object: 'event', type: 'customer.created', data: { object: {} } }),
        )
      ).json(),
    ).toMatchObject({ result: 'ignored' });
    const unknown = event('checkout.session.completed', {
      id: 'cs_test_unknown',
      orderId: crypto.randomUUID(),
      paid: true,
    });
    expect(await (await deliver(unknown)).json()).toMatchObject({ result: 'ignored' });
    const huge = JSON.stringify({
      id: 'evt_huge',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { pad: 'x'.repeat(1024 * 1024) } },
    });
    expect((await deliver(huge)).status).toBe(413);
  });
});
