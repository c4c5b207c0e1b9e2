// GET /api/workspaces/:wid/billing (the owner): plan, interval, status, seats, widgets, period end, invoices.
import type { NextRequest } from 'next/server';
import { billingEndpoint } from '@/lib/billing/handlers';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, context: RouteContext<'/api/workspaces/[wid]/billing'>) {
  return billingEndpoint(request, context, async () => {});
}
