// POST /api/stripe/webhook: Stripe's checkout events. The raw body's Stripe-Signature is verified with
// the webhook secret (in every mode: without a configured secret nothing verifies); a missing or bad
// signature is a 400 and nothing is written. With Stripe configured, the event's session is then read
// from Stripe (its fulfilment guidance) and that decides, not the event's copy; Stripe unreachable is
// a 503, so Stripe delivers the event again. Each event is applied once (lib/shop/orders.ts); a failed
// payment is mailed to the buyer after the answer (lib/shop/order-mail.ts). Subscription events (and a
// subscription checkout's completion) drive the workspace's subscription instead (lib/billing/stripe-events.ts).
import { NextResponse, type NextRequest } from 'next/server';
import Stripe from 'stripe';
import { ApiError, handle } from '@/lib/api/errors';
import { readLimitedBody } from '@/lib/api/body';
import { env } from '@/lib/env';
import { paymentProvider, webhookSecret } from '@/lib/shop/payment-provider';
import { PaymentProviderError } from '@/lib/payments/provider';
import { PROVIDER_RETRY_AFTER_SECONDS } from '@/lib/shop/checkout';
import { CHECKOUT_EVENTS, applyCheckoutEvent, type CheckoutEvent } from '@/lib/shop/orders';
import { sendReceiptOf } from '@/lib/shop/receipt';
import { mailOrderChangeLater } from '@/lib/shop/order-mail';
import { WEBHOOK_BODY_LIMIT } from '@/lib/shop/schema';
import { applyStripeBillingEvent, isStripeBillingEvent } from '@/lib/billing/stripe-events';
import { keepSeats } from '@/lib/conversations/seats';

export const dynamic = 'force-dynamic';

/** The session as Stripe reports it now (null: Stripe does not know it); the event's copy in local mode. */
async function sessionOf(copy: Stripe.Checkout.Session): Promise<CheckoutEvent['session'] | null> {
  if (!env.stripe.secretKey) {
    return {
      id: copy.id,
      paymentStatus: copy.payment_status ?? null,
      orderId: copy.metadata?.orderId ?? copy.client_reference_id ?? null,
      email: copy.customer_details?.email ?? null,
    };
  }
  try {
    return await paymentProvider().retrieveCheckout(copy.id);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(error.message);
    throw new ApiError('paymentUnavailable', undefined, PROVIDER_RETRY_AFTER_SECONDS);
  }
}

export function POST(request: NextRequest) {
  return handle(request, async () => {
    const body = new TextDecoder().decode(await readLimitedBody(request, WEBHOOK_BODY_LIMIT));
    const signature = request.headers.get('stripe-signature');
    if (!signature) throw new ApiError('invalidSignature');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(body, signature, webhookSecret());
    } catch {
      throw new ApiError('invalidSignature');
    }
    // Subscriptions exist only with Stripe: without a key there is no Stripe to read them from.
    if (isStripeBillingEvent(event)) {
      const result = env.stripe.secretKey ? await applyStripeBillingEvent(event, keepSeats) : 'ignored';
      return NextResponse.json({ received: true, result });
    }
    if (!(CHECKOUT_EVENTS as readonly string[]).includes(event.type))
      return NextResponse.json({ received: true, result: 'ignored' });
    const session = await sessionOf(event.data.object as Stripe.Checkout.Session);
    if (!session) return NextResponse.json({ received: true, result: 'ignored' });
    const result = await applyCheckoutEvent({ id: event.id, type: event.type, session });
    // A redelivery sends a receipt or status e-mail that failed the first time (sent ones are never repeated).
    if (result !== 'ignored') {
      await sendReceiptOf(session);
      mailOrderChangeLater(session);
    }
    return NextResponse.json({ received: true, result });
  });
}
