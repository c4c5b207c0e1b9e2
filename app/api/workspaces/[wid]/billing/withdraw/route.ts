// POST /api/workspaces/:wid/billing/withdraw (the owner, a consumer, within 14 days): ends the subscription at
// once and refunds the unused part with a credit note: ours in local mode, Stripe's with a key.
import type { NextRequest } from 'next/server';
import { billingEndpoint } from '@/lib/billing/handlers';
import { billsLocally } from '@/lib/billing/clock';
import { withdrawLocal } from '@/lib/billing/local/withdrawal';
import { withdrawStripe } from '@/lib/billing/stripe-withdrawal';
import { keepSeats } from '@/lib/conversations/seats';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, context: RouteContext<'/api/workspaces/[wid]/billing/withdraw'>) {
  return billingEndpoint(request, context, (user, wid) =>
    billsLocally() ? withdrawLocal(user, wid, keepSeats) : withdrawStripe(user, wid, keepSeats),
  );
}
