// POST /api/widgets/:id/secret: a new identity-verification secret for the owner's widget → { secret },
// shown this once; the previous secret stops verifying.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { rotateIdentitySecret } from '@/lib/widgets/service';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/widgets/[id]/secret'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const secret = await rotateIdentitySecret(user, (await params).id);
    return NextResponse.json({ secret }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
