// GET /api/workspaces/:wid/billing/details (the owner) → { details: { name, street, postalCode, city, country,
// business, vatId } | null }; PUT with those fields → 200 { details }. 403 for other members, 404 for anyone else.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { billingDetailsOf, saveBillingDetails } from '@/lib/billing/details';
import { billingDetailsSchema } from '@/lib/billing/details-schema';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
type Context = RouteContext<'/api/workspaces/[wid]/billing/details'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    const details = await billingDetailsOf(user, (await params).wid);
    return NextResponse.json({ details }, { headers: NO_STORE });
  });
}

export function PUT(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const input = await readJson(request, billingDetailsSchema, 4096);
    const details = await saveBillingDetails(user, (await params).wid, input);
    return NextResponse.json({ details }, { headers: NO_STORE });
  });
}
