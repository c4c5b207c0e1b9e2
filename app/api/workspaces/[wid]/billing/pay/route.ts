// POST /api/workspaces/:wid/billing/pay (the owner): charges an overdue subscription to the card on file now.
import type { NextRequest } from 'next/server';
import { billingEndpoint } from '@/lib/billing/handlers';
import { payLocalOverdue } from '@/lib/billing/local/changes';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, context: RouteContext<'/api/workspaces/[wid]/billing/pay'>) {
  return billingEndpoint(request, context, (user, wid) => payLocalOverdue(user, wid));
}
