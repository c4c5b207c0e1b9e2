import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { requireSignedInUser } from '@/lib/session/server';
import { billingOf } from './overview';
import { mailInvoicesLater } from './local/invoicing';

type Params = { params: Promise<{ wid: string }> };

/**
 * A billing endpoint of a workspace (…/billing/*): same origin for a change, the signed-in owner, then `work`;
 * answers the billing as it is afterwards (GET's body), so the page shows the outcome without asking again.
 */
export function billingEndpoint(
  request: NextRequest,
  { params }: Params,
  work: (user: { uid: string }, workspaceId: string) => Promise<void>,
): Promise<Response> {
  return handle(request, async () => {
    if (request.method !== 'GET') assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const { wid } = await params;
    await work(user, wid);
    // What the change charged was invoiced in its transaction; the owner gets it by e-mail after this answer.
    mailInvoicesLater(wid);
    return NextResponse.json(await billingOf(user, wid), { headers: { 'Cache-Control': 'private, no-store' } });
  });
}
