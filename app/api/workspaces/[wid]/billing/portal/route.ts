// POST /api/workspaces/:wid/billing/portal (the owner) → { url }: where the owner manages the subscription, in
// local mode the billing page; with Stripe a Customer Portal session (503 until it is wired).
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { billsLocally } from '@/lib/billing/clock';
import { billingPath } from '@/lib/billing/local/checkout';
import { requireBillingOwner } from '@/lib/billing/owner';
import { requestLocale } from '@/lib/i18n/negotiate';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/billing/portal'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    await requireBillingOwner(user, (await params).wid);
    // Stripe mode: a portal session of the billing-stripe slice takes this branch.
    if (!billsLocally()) throw new ApiError('paymentUnavailable');
    return NextResponse.json(
      { url: billingPath(requestLocale(request.headers)) },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  });
}
