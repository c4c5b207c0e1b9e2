// POST /api/checkout/local/:id { card, email? }: pays a session of the local test checkout (local mode only;
// with Stripe configured this address does not exist).
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { env } from '@/lib/env';
import { localPaymentSchema } from '@/lib/shop/schema';
import { payLocalCheckout } from '@/lib/payments/local';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/checkout/local/[id]'>) {
  return handle(request, async () => {
    if (env.stripe.secretKey) throw new ApiError('notFound');
    assertSameOrigin(request);
    const { card, email } = await readJson(request, localPaymentSchema);
    const { successUrl } = await payLocalCheckout((await params).id, card, email);
    return NextResponse.json({ url: successUrl }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
