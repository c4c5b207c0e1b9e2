// PUT /api/workspaces/:wid/billing/payment-method { card, expiry, cvc, name } (the owner): the card charged from
// now on, checked as the test checkout checks it.
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { readJson } from '@/lib/api/request';
import { billingEndpoint } from '@/lib/billing/handlers';
import { changeLocalCard } from '@/lib/billing/local/changes';

export const dynamic = 'force-dynamic';

export function PUT(request: NextRequest, context: RouteContext<'/api/workspaces/[wid]/billing/payment-method'>) {
  return billingEndpoint(request, context, async (user, wid) =>
    changeLocalCard(user, wid, await readJson(request, z.unknown())),
  );
}
