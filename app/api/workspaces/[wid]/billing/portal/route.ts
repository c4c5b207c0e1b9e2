// POST /api/workspaces/:wid/billing/portal (the owner) → { url }: where the owner manages the subscription, in
// local mode the billing page; with Stripe a Customer Portal session, one per click.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { billsLocally } from '@/lib/billing/clock';
import { billingPath } from '@/lib/billing/local/checkout';
import { requireBillingOwner } from '@/lib/billing/owner';
import { createStripePortalSession } from '@/lib/billing/stripe-checkout';
import { env } from '@/lib/env';
import { requestLocale } from '@/lib/i18n/negotiate';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/billing/portal'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const { wid } = await params;
    await requireBillingOwner(user, wid);
    const locale = requestLocale(request.headers);
    const { url } = billsLocally()
      ? { url: billingPath(locale) }
      : await createStripePortalSession({
          workspaceId: wid,
          returnUrl: `${env.siteUrl}${billingPath(locale)}`,
          locale,
        });
    return NextResponse.json({ url }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
