// POST /api/checkout/local/:id { card, expiry, cvc, name, email? }: pays a session of the local test checkout
// with one of Stripe's test cards (local mode only; with Stripe configured this address does not exist).
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { z } from 'zod';
import { env } from '@/lib/env';
import { payLocalCheckout } from '@/lib/shop/local-checkout';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/checkout/local/[id]'>) {
  return handle(request, async () => {
    if (env.stripe.secretKey) throw new ApiError('notFound');
    assertSameOrigin(request);
    // Checked against its order's session (the e-mail address is asked only of a guest's), in the payment.
    const body = await readJson(request, z.unknown());
    const { successUrl } = await payLocalCheckout((await params).id, body);
    return NextResponse.json({ url: successUrl }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
