// POST /api/stripe/webhook: Stripe's checkout events. The raw body's Stripe-Signature is verified with
// the webhook secret (in every mode: without a configured secret nothing verifies); a missing or bad
// signature is a 400 and nothing is written. Each event is applied once (lib/shop/orders.ts).
import { NextResponse, type NextRequest } from 'next/server';
import Stripe from 'stripe';
import { ApiError, handle } from '@/lib/api/errors';
import { readLimitedBody } from '@/lib/api/body';
import { webhookSecret } from '@/lib/payments';
import { CHECKOUT_EVENTS, applyCheckoutEvent } from '@/lib/shop/orders';
import { WEBHOOK_BODY_LIMIT } from '@/lib/shop/schema';

export const dynamic = 'force-dynamic';

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
    if (!(CHECKOUT_EVENTS as readonly string[]).includes(event.type)) return NextResponse.json({ received: true, result: 'ignored' });
    const session = event.data.object as Stripe.Checkout.Session;
    const result = await applyCheckoutEvent({
      id: event.id,
      type: event.type,
      session: { id: session.id, paymentStatus: session.payment_status ?? null, orderId: session.metadata?.orderId ?? session.client_reference_id ?? null },
    });
    return NextResponse.json({ received: true, result });
  });
}
