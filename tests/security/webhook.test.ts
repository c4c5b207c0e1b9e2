// The payment webhook: only Stripe's signature of exactly this body, made within the last five
// minutes, is accepted; a captured request replayed later changes nothing. (tests/integration/shop.test
// covers missing and foreign signatures, concurrent duplicates and the order of events.)
import { NextRequest } from 'next/server';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { POST as checkout } from '@/app/api/checkout/route';
import { POST as webhook } from '@/app/api/stripe/webhook/route';
import { database } from '@/lib/db';
import { orders, processedWebhookEvents } from '@/lib/db/schema';
import { ORIGIN } from '../integration/signed-in';

const SECRET = process.env.STRIPE_WEBHOOK_SECRET!;

async function pendingOrder() {
  const response = await checkout(
    new NextRequest(`${ORIGIN}/api/checkout`, {
      method: 'POST',
      body: JSON.stringify({ productId: 'setup-service', quantity: 1 }),
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
    }),
  );
  const body = await response.json();
  return { orderId: body.orderId as string, sessionId: /cs_local_[0-9a-f]{32}/.exec(body.url)![0] };
}

function completed(order: { orderId: string; sessionId: string }, status: 'paid' | 'unpaid' = 'paid') {
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: order.sessionId,
        object: 'checkout.session',
        payment_status: status,
        metadata: { orderId: order.orderId },
        client_reference_id: order.orderId,
      },
    },
  });
}

const deliver = (payload: string, signature: string) =>
  webhook(
    new NextRequest(`${ORIGIN}/api/stripe/webhook`, {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
    }),
  );

async function status(orderId: string) {
  const [row] = await (await database()).select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row.status;
}

it('refuses a correctly signed event whose signature is older than five minutes, writing nothing', async () => {
  const order = await pendingOrder();
  const payload = completed(order);
  const old = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: SECRET,
    timestamp: Math.floor(Date.now() / 1000) - 600,
  });
  const response = await deliver(payload, old);
  expect(response.status).toBe(400);
  expect((await response.json()).error.code).toBe('invalidSignature');
  expect(await status(order.orderId)).toBe('pending');
  expect(
    await (
      await database()
    )
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, JSON.parse(payload).id)),
  ).toEqual([]);
});

it('changes nothing when a captured request is replayed, even after the order changed', async () => {
  const order = await pendingOrder();
  const unpaid = completed(order, 'unpaid');
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: unpaid, secret: SECRET });
  expect((await (await deliver(unpaid, signature)).json()).result).toBe('applied');
  const paid = completed(order, 'paid');
  await deliver(paid, Stripe.webhooks.generateTestHeaderString({ payload: paid, secret: SECRET }));
  expect(await status(order.orderId)).toBe('paid');
  // The first request again, byte for byte.
  const replay = await deliver(unpaid, signature);
  expect(replay.status).toBe(200);
  expect((await replay.json()).result).toBe('duplicate');
  expect(await status(order.orderId)).toBe('paid');
});

it('refuses a body over 1 MB with 413 before checking anything', async () => {
  const response = await deliver(`{"pad":"${'x'.repeat(1024 * 1024)}"}`, 't=1,v1=00');
  expect(response.status).toBe(413);
});
