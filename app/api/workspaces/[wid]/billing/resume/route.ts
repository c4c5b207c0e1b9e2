// POST /api/workspaces/:wid/billing/resume (the owner): undoes a cancellation before the period ends.
import type { NextRequest } from 'next/server';
import { billingEndpoint } from '@/lib/billing/handlers';
import { setLocalCancelAtPeriodEnd } from '@/lib/billing/local/changes';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, context: RouteContext<'/api/workspaces/[wid]/billing/resume'>) {
  return billingEndpoint(request, context, (user, wid) => setLocalCancelAtPeriodEnd(user, wid, false));
}
