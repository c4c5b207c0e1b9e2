// What an order means (issue 15, points 5 and 6; issue 38): plans are subscriptions, not orders, and the
// setup service's quantities add up; a checkout the buyer leaves is cancelled (and can no longer be paid), a
// stale one shows as expired, only paid orders count; each order has a short reference.
import { eq, sql } from 'drizzle-orm';
import { POST as checkout } from '@/app/api/checkout/route';
import { POST as cancel } from '@/app/api/checkout/cancel/route';
import { POST as pay } from '@/app/api/checkout/local/[id]/route';
import { database } from '@/lib/db';
import { orders, products } from '@/lib/db/schema';
import { accountOverview } from '@/lib/dashboard/overview';
import { ORDER_PAGE_SIZE, orderOfViewer, orderPage, ordersOf } from '@/lib/shop/orders';
import { ORDER_REFERENCE, newOrderReference } from '@/lib/shop/reference';
import { apiRequest, signedIn } from './signed-in';
import { CARD } from './checkouts';

type Client = Awaited<ReturnType<typeof signedIn>> | null;

async function buy(
  client: Client,
  body: { productId: string; quantity: number },
  headers: Record<string, string> = {},
) {
  const response = await checkout(
    apiRequest('POST', '/api/checkout', client, body, {
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
      ...headers,
    }),
  );
  return { response, body: await response.json() };
}

async function payFor(url: string) {
  const id = /cs_local_[0-9a-f]{32}/.exec(url)![0];
  const response = await pay(
    apiRequest('POST', `/api/checkout/local/${id}`, null, { ...CARD, email: 'guest@example.com' }),
    { params: Promise.resolve({ id }) },
  );
  return response.status;
}

function cancelOrder(client: Client, orderId: unknown, headers: Record<string, string> = {}) {
  return cancel(
    apiRequest('POST', '/api/checkout/cancel', client, { orderId }, { 'content-type': 'application/json', ...headers }),
  );
}

async function orderCount() {
  const db = await database();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return n;
}

describe('plans are subscriptions; the setup service is bought once and adds up', () => {
  it('refuses every plan, guest or signed in, in the buyer’s language, writing nothing', async () => {
    const me = await signedIn('plan-once');
    const before = await orderCount();
    for (const [client, plan, language, text] of [
      [null, 'starter', 'en', 'Plans are subscriptions'],
      [me, 'professional', 'de', 'Pakete sind Abonnements'],
      [me, 'business', 'en', 'billing page'],
    ] as const) {
      const { response, body } = await buy(client, { productId: plan, quantity: 1 }, { 'accept-language': language });
      expect(response.status).toBe(409);
      expect(body.error).toEqual({ code: 'planIsSubscription', message: expect.stringContaining(text) });
    }
    expect(await orderCount()).toBe(before);
  });

  it('takes three of the setup service at three times its price', async () => {
    const { response, body } = await buy(null, { productId: 'setup-service', quantity: 3 });
    expect(response.status).toBe(201);
    expect((await orderOfViewer(body.orderId, null))!).toMatchObject({ quantity: 3, amountCents: 3 * 14900 });
  });
});

describe('a repeated intent', () => {
  it('is answered with its order after the product left the catalogue; a new intent is refused', async () => {
    const key = crypto.randomUUID();
    const first = await buy(null, { productId: 'setup-service', quantity: 1 }, { 'idempotency-key': key });
    expect(first.response.status).toBe(201);
    const db = await database();
    await db.update(products).set({ active: false }).where(eq(products.slug, 'setup-service'));
    try {
      const repeat = await buy(null, { productId: 'setup-service', quantity: 1 }, { 'idempotency-key': key });
      expect(repeat.response.status).toBe(200);
      expect(repeat.body).toEqual(first.body);
      const other = await buy(null, { productId: 'setup-service', quantity: 1 });
      expect(other.response.status).toBe(400);
      expect(other.body.error.code).toBe('productUnavailable');
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.slug, 'setup-service'));
    }
  });
});

describe('a checkout the buyer leaves', () => {
  it('is closed and cancelled: it can no longer be paid, and a repeat changes nothing', async () => {
    const me = await signedIn('cancel');
    const { body } = await buy(me, { productId: 'setup-service', quantity: 1 });
    const response = await cancelOrder(me, body.orderId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'cancelled' });
    expect(await payFor(body.url)).toBe(409);
    expect(await (await cancelOrder(me, body.orderId)).json()).toEqual({ status: 'cancelled' });
    expect((await ordersOf(me.uid))[0].status).toBe('cancelled');
  });

  it('keeps a paid order paid', async () => {
    const { body } = await buy(null, { productId: 'setup-service', quantity: 1 });
    expect(await payFor(body.url)).toBe(200);
    expect(await (await cancelOrder(null, body.orderId)).json()).toEqual({ status: 'paid' });
  });

  it('is only the buyer’s to cancel: another user’s order is a 404, and nothing changes', async () => {
    const owner = await signedIn('cancel-owner');
    const { body } = await buy(owner, { productId: 'setup-service', quantity: 1 });
    for (const client of [null, await signedIn('cancel-other')]) {
      const response = await cancelOrder(client, body.orderId);
      expect(response.status).toBe(404);
    }
    expect((await ordersOf(owner.uid))[0].status).toBe('pending');
  });

  it('refuses a foreign Origin and a malformed id, writing nothing', async () => {
    const { body } = await buy(null, { productId: 'setup-service', quantity: 1 });
    expect((await cancelOrder(null, body.orderId, { origin: 'https://evil.example' })).status).toBe(403);
    for (const id of ['x', 42, null, `${body.orderId}' or '1'='1`]) {
      const response = await cancelOrder(null, id, { 'accept-language': 'de' });
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toHaveProperty('orderId');
    }
    expect((await orderOfViewer(body.orderId, null))!.status).toBe('pending');
  });
});

describe('what the dashboard shows', () => {
  it('counts only paid orders, and shows a checkout left open past its lifetime as expired', async () => {
    const me = await signedIn('count');
    const paid = await buy(me, { productId: 'setup-service', quantity: 1 });
    await payFor(paid.body.url);
    const left = await buy(me, { productId: 'setup-service', quantity: 1 });
    await cancelOrder(me, left.body.orderId);
    const stale = await buy(me, { productId: 'setup-service', quantity: 2 });
    await buy(me, { productId: 'setup-service', quantity: 3 });
    const db = await database();
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 26 * 3600_000) })
      .where(eq(orders.id, stale.body.orderId));

    expect((await accountOverview(me.uid)).orders).toBe(1);
    const statuses = Object.fromEntries((await ordersOf(me.uid)).map((order) => [order.id, order.status]));
    expect([statuses[paid.body.orderId], statuses[left.body.orderId], statuses[stale.body.orderId]]).toEqual([
      'paid',
      'cancelled',
      'expired',
    ]);
    expect(Object.values(statuses).sort()).toEqual(['cancelled', 'expired', 'paid', 'pending']);
  });

  it('counts orders as activity: a paid one when it was paid, another with its status', async () => {
    const me = await signedIn('activity');
    expect((await accountOverview(me.uid)).activity).toEqual([]);
    const paid = await buy(me, { productId: 'setup-service', quantity: 1 });
    await payFor(paid.body.url);
    const left = await buy(me, { productId: 'setup-service', quantity: 1 });
    await cancelOrder(me, left.body.orderId);
    const [paidOrder, leftOrder] = await Promise.all(
      [paid, left].map(async ({ body }) => (await orderOfViewer(body.orderId, me.uid))!),
    );
    expect((await accountOverview(me.uid)).activity).toEqual([
      {
        kind: 'orderPlaced',
        at: new Date(leftOrder.createdAt),
        orderId: leftOrder.id,
        reference: leftOrder.reference,
        product: leftOrder.product.name,
        status: 'cancelled',
      },
      {
        kind: 'orderPaid',
        at: new Date(paidOrder.paidAt!),
        orderId: paidOrder.id,
        reference: paidOrder.reference,
        product: paidOrder.product.name,
        status: 'paid',
      },
    ]);
  });

  it('lists the user’s orders a page at a time, newest first, and nobody else’s', async () => {
    const [me, other] = await Promise.all([signedIn('order-pages'), signedIn('order-pages-other')]);
    const db = await database();
    const [product] = await db.select().from(products).where(eq(products.slug, 'setup-service'));
    const row = (uid: string, minutesAgo: number) => ({
      reference: newOrderReference(),
      uid,
      productId: product.id,
      quantity: 1,
      amountCents: product.priceCents,
      currency: product.currency,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    const mine = await db
      .insert(orders)
      .values(Array.from({ length: ORDER_PAGE_SIZE + 2 }, (_, index) => row(me.uid, index)))
      .returning({ id: orders.id });
    await db.insert(orders).values(row(other.uid, 0));

    const first = await orderPage(me.uid, 1);
    expect({ ...first, items: first.items.length }).toEqual({
      items: ORDER_PAGE_SIZE,
      total: ORDER_PAGE_SIZE + 2,
      page: 1,
      pages: 2,
    });
    const second = await orderPage(me.uid, 2);
    expect([...first.items, ...second.items].map((order) => order.id)).toEqual(mine.map((order) => order.id));
    expect((await orderPage(me.uid, 99)).page).toBe(2);
    expect(await orderPage((await signedIn('order-pages-none')).uid, 1)).toEqual({
      items: [],
      total: 0,
      page: 1,
      pages: 1,
    });
  });
});

describe('order references', () => {
  it('are short, readable and unique; an order written without one gets one from the database', async () => {
    const references = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { body } = await buy(null, { productId: 'setup-service', quantity: 1 });
      const order = (await orderOfViewer(body.orderId, null))!;
      expect(order.reference).toMatch(ORDER_REFERENCE);
      expect(order.reference).not.toContain(body.orderId.slice(0, 8));
      references.add(order.reference);
    }
    expect(references.size).toBe(20);
    const db = await database();
    const [product] = await db.select().from(products).where(eq(products.slug, 'starter'));
    const [row] = await db
      .insert(orders)
      .values({ productId: product.id, quantity: 1, amountCents: 2900, currency: 'EUR' })
      .returning();
    expect(row.reference).toMatch(ORDER_REFERENCE);
    expect(row.vatRateBasisPoints).toBe(1900);
  });

  it('are what a receipt names, with the VAT the amount includes', async () => {
    const me = await signedIn('receipt');
    const { body } = await buy(me, { productId: 'setup-service', quantity: 2 });
    expect(await orderOfViewer(body.orderId, me.uid)).toMatchObject({
      email: me.email,
      amountCents: 29800,
      vatRateBasisPoints: 1900,
      quantity: 2,
    });
  });
});
