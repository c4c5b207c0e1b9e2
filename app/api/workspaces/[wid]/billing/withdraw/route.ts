// POST /api/workspaces/:wid/billing/withdraw (the owner, a consumer, within 14 days): ends the subscription at
// once and refunds the unused part with a credit note. Local mode; with Stripe 503 until that is wired.
import type { NextRequest } from 'next/server';
import { billingEndpoint } from '@/lib/billing/handlers';
import { withdrawLocal } from '@/lib/billing/local/withdrawal';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, context: RouteContext<'/api/workspaces/[wid]/billing/withdraw'>) {
  return billingEndpoint(request, context, (user, wid) => withdrawLocal(user, wid));
}
