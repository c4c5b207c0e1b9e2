// POST /api/workspaces/:wid/billing/change { plan, interval } (the owner): an upgrade at once with proration,
// a downgrade at the end of the period.
import type { NextRequest } from 'next/server';
import { readJson } from '@/lib/api/request';
import { billingEndpoint } from '@/lib/billing/handlers';
import { changeLocalPlan } from '@/lib/billing/local/changes';
import { changeSchema } from '@/lib/billing/schema';
import type { PaidPlanId } from '@/lib/billing/plans';
import { keepSeats } from '@/lib/conversations/seats';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, context: RouteContext<'/api/workspaces/[wid]/billing/change'>) {
  return billingEndpoint(request, context, async (user, wid) => {
    const { plan, interval } = await readJson(request, changeSchema);
    await changeLocalPlan(user, wid, { plan: plan as PaidPlanId, interval }, keepSeats);
  });
}
