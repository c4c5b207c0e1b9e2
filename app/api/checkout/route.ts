// POST /api/checkout { productId, quantity }: a pending order, then the payment provider's checkout
// (Stripe Checkout, or the local test checkout); answers { url, orderId } for the browser to go to.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { env } from '@/lib/env';
import { requestLocale } from '@/lib/i18n/negotiate';
import { localizedPath } from '@/lib/i18n/paths';
import { checkoutSchema } from '@/lib/shop/schema';
import { attachCheckoutSession, createOrder, markOrderFailed } from '@/lib/shop/orders';
import { paymentProvider } from '@/lib/payments';
import { PaymentProviderError } from '@/lib/payments/provider';
import { SESSION_COOKIE } from '@/lib/session/cookie';
import { activeSession } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const input = await readJson(request, checkoutSchema);
    // Guests may buy; a signed-in buyer's order is theirs, and their address goes to the checkout.
    const session = await activeSession(request.cookies.get(SESSION_COOKIE)?.value);
    const locale = requestLocale(request.headers);
    const provider = paymentProvider();
    const { order, product } = await createOrder({ ...input, uid: session?.uid ?? null, email: session?.email ?? null, locale, provider: provider.name });
    // The buyer comes back to the public origin, never to an address a request header named.
    const origin = env.siteUrl;
    try {
      const checkout = await provider.createCheckout({
        order: { id: order.id, uid: order.uid, quantity: order.quantity, amountCents: order.amountCents, currency: order.currency, locale },
        product: { slug: product.slug, name: product.name[locale], priceCents: product.priceCents, stripePriceId: product.stripePriceId },
        email: session?.email ?? null,
        successUrl: `${origin}/api/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}${localizedPath('/shop/cancel', locale)}?order=${order.id}`,
      });
      await attachCheckoutSession(order.id, checkout.id);
      return NextResponse.json({ url: checkout.url, orderId: order.id }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      console.error(error.message);
      await markOrderFailed(order.id);
      throw new ApiError('paymentUnavailable');
    }
  });
}
