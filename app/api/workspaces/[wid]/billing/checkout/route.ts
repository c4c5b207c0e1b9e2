// POST /api/workspaces/:wid/billing/checkout { plan, interval, trial? } with an Idempotency-Key (the owner):
// opens the checkout of a subscription, once per key → { url } (201 when opened now, 200 for a repeat); 409
// while the workspace has one. With Stripe: Stripe Checkout in subscription mode.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { requestKey } from '@/lib/api/idempotency';
import { assertSameOrigin, idempotencyHeader, readJson } from '@/lib/api/request';
import { billsLocally } from '@/lib/billing/clock';
import { billingPath, openLocalSubscriptionCheckout } from '@/lib/billing/local/checkout';
import { createStripeSubscriptionCheckout } from '@/lib/billing/stripe-checkout';
import { env } from '@/lib/env';
import { requireBillingOwner } from '@/lib/billing/owner';
import type { PaidPlanId } from '@/lib/billing/plans';
import { subscribeSchema } from '@/lib/billing/schema';
import { requestLocale } from '@/lib/i18n/negotiate';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/billing/checkout'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const { requestKey: bodyKey, ...input } = await readJson(request, subscribeSchema);
    const { wid } = await params;
    const subscription = { plan: input.plan as PaidPlanId, interval: input.interval, trial: input.trial ?? false };
    const key = requestKey(idempotencyHeader(request) ?? bodyKey, user.uid, { wid, ...subscription });
    const locale = requestLocale(request.headers);
    if (!billsLocally()) {
      await requireBillingOwner(user, wid);
      const back = `${env.siteUrl}${billingPath(locale)}`;
      const { url } = await createStripeSubscriptionCheckout({
        workspaceId: wid,
        ownerUid: user.uid,
        ownerEmail: user.email ?? '',
        ...subscription,
        locale,
        successUrl: back,
        cancelUrl: back,
        requestKey: key,
      });
      return NextResponse.json({ url }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
    }
    const { url, created } = await openLocalSubscriptionCheckout(user, wid, { ...subscription, key, locale });
    return NextResponse.json({ url }, { status: created ? 201 : 200, headers: { 'Cache-Control': 'no-store' } });
  });
}
