// GET /api/workspaces/:wid/visitors/:vid (members): the visitor's context → { pages, conversations }.
// DELETE /api/workspaces/:wid/visitors/:vid (owner, admin): erases the visitor (right to erasure) → { erasure }.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { visitorContext } from '@/lib/conversations/inbox/visitor-context';
import { eraseVisitor } from '@/lib/conversations/inbox/visitor-privacy';
import { NO_STORE } from '@/lib/conversations/request';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/workspaces/[wid]/visitors/[vid]'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const operator = await requireSignedInUser(request);
    const { wid, vid } = await params;
    return NextResponse.json(await visitorContext(operator, wid, vid), { headers: NO_STORE });
  });
}

export function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const operator = await requireSignedInUser(request);
    const { wid, vid } = await params;
    return NextResponse.json({ erasure: await eraseVisitor(operator, wid, vid) }, { headers: NO_STORE });
  });
}
