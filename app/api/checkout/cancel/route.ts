// POST /api/checkout/cancel { orderId }: the buyer left the checkout ("cancel and return to the shop"):
// the provider's session is closed, so it can no longer be paid, and the order is cancelled; answers
// { status } (`paid` if the payment came first). The cancel page asks it; a guest's order by its id.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { cancelSchema } from '@/lib/shop/schema';
import { cancelCheckout } from '@/lib/shop/checkout';
import { SESSION_COOKIE } from '@/lib/session/cookie';
import { activeSession } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const { orderId } = await readJson(request, cancelSchema);
    const session = await activeSession(request.cookies.get(SESSION_COOKIE)?.value, { mutation: true });
    const status = await cancelCheckout(orderId, session?.uid ?? null);
    return NextResponse.json({ status }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
