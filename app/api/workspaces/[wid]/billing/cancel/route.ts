// POST /api/workspaces/:wid/billing/cancel (the owner): the subscription ends at the end of its period.
import type { NextRequest } from 'next/server';
import { billingEndpoint } from '@/lib/billing/handlers';
import { setLocalCancelAtPeriodEnd } from '@/lib/billing/local/changes';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, context: RouteContext<'/api/workspaces/[wid]/billing/cancel'>) {
  return billingEndpoint(request, context, (user, wid) => setLocalCancelAtPeriodEnd(user, wid, true));
}
