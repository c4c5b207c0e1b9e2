// POST /api/checkout { productId, quantity } with an Idempotency-Key per purchase intent: the intent's
// order and the payment provider's checkout (Stripe Checkout, or the local test checkout), created once
// per key; answers { url, orderId } for the browser to go to (201 when opened now, 200 for a repeat).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, idempotencyHeader, readJson } from '@/lib/api/request';
import { requestLocale } from '@/lib/i18n/negotiate';
import { checkoutSchema } from '@/lib/shop/schema';
import { openCheckout } from '@/lib/shop/checkout';
import { SESSION_COOKIE } from '@/lib/session/cookie';
import { activeSession } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const { requestKey, ...input } = await readJson(request, checkoutSchema);
    const key = idempotencyHeader(request) ?? requestKey;
    // Guests may buy; a signed-in buyer's order is theirs, and their address goes to the checkout.
    const session = await activeSession(request.cookies.get(SESSION_COOKIE)?.value, { mutation: true });
    const buyer = session && { uid: session.uid, email: session.email };
    const { url, orderId, created } = await openCheckout({
      ...input,
      key,
      buyer,
      locale: requestLocale(request.headers),
    });
    return NextResponse.json(
      { url, orderId },
      { status: created ? 201 : 200, headers: { 'Cache-Control': 'no-store' } },
    );
  });
}
