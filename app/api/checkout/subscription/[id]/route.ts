// POST /api/checkout/subscription/:id { card, expiry, cvc, name } (the owner who opened it): pays a local
// subscription checkout with one of Stripe's test cards → { url } (the billing page). Local mode only.
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { billsLocally } from '@/lib/billing/clock';
import { payLocalSubscriptionCheckout } from '@/lib/billing/local/checkout';
import { mailInvoicesLater } from '@/lib/billing/local/invoicing';
import { keepSeats } from '@/lib/conversations/seats';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/checkout/subscription/[id]'>) {
  return handle(request, async () => {
    if (!billsLocally()) throw new ApiError('notFound');
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    // The card is checked in the payment, after the checkout is found to be this owner's.
    const body = await readJson(request, z.unknown());
    const { url } = await payLocalSubscriptionCheckout(user, (await params).id, body, keepSeats);
    // The first charge's invoice goes to the owner by e-mail after this answer.
    mailInvoicesLater();
    return NextResponse.json({ url }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
