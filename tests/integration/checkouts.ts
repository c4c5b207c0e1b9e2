import { NextRequest } from 'next/server';
import Stripe from 'stripe';
import { POST as checkout } from '@/app/api/checkout/route';
import { POST as webhook } from '@/app/api/stripe/webhook/route';
import { ORIGIN, apiRequest } from './signed-in';

/** Opens the checkout of one `productId` as the buy form does, for `client` (a guest: null), in `language`. */
export async function buy(client: { cookie: string } | null, productId: string, language = 'en') {
  const response = await checkout(
    apiRequest(
      'POST',
      '/api/checkout',
      client,
      { productId, quantity: 1 },
      { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), 'accept-language': language },
    ),
  );
  const body = await response.json();
  return { orderId: body.orderId as string, sessionId: /cs_local_[0-9a-f]{32}/.exec(body.url)![0] };
}

export const SECRET = process.env.STRIPE_WEBHOOK_SECRET!;

/** The card form of the local checkout, filled with Stripe's test card that pays. */
export const CARD = { card: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

/** A checkout event as Stripe sends it; `email`: the address the buyer gave at the checkout. */
export function event(
  type: string,
  session: { id: string; orderId: string; paid: boolean; email?: string },
  id = `evt_${crypto.randomUUID().replaceAll('-', '')}`,
) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        payment_status: session.paid ? 'paid' : 'unpaid',
        metadata: { orderId: session.orderId },
        client_reference_id: session.orderId,
        ...(session.email && { customer_details: { email: session.email } }),
      },
    },
  });
}

/** Delivers an event to the webhook with a real signature (or another secret's, or the one given). */
export function deliver(payload: string, secret = SECRET, signature?: string) {
  const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return webhook(
    new NextRequest(`${ORIGIN}/api/stripe/webhook`, {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': header, 'content-type': 'application/json' },
    }),
  );
}
