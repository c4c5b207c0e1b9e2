// POST /api/widgets/:id/visitors: starts (201) or renews (200) the widget's visitor → { token, visitorId, verified,
// name, email, blocked }.
// PATCH /api/widgets/:id/visitors { name?, email? } (visitor token): what the visitor tells about themselves.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, clientAddress, readJson } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { startVisitorSchema, visitorDetailsSchema } from '@/lib/conversations/schema';
import { NO_STORE } from '@/lib/conversations/request';
import { requireVisitor, startVisitor, updateVisitorDetails } from '@/lib/conversations/visitor/visitors';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/widgets/[id]/visitors'>;

export function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const input = await readJson(request, startVisitorSchema, CONVERSATION_BODY_LIMIT);
    const { created, ...visitor } = await startVisitor(request, (await params).id, input, clientAddress(request));
    return NextResponse.json(visitor, { status: created ? 201 : 200, headers: NO_STORE });
  });
}

export function PATCH(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const input = await readJson(request, visitorDetailsSchema, CONVERSATION_BODY_LIMIT);
    const { widget, visitor } = await requireVisitor(request, (await params).id);
    const updated = await updateVisitorDetails(widget, visitor, input);
    return NextResponse.json(
      { visitor: { name: updated.name, email: updated.email, verified: updated.userId !== null } },
      { headers: NO_STORE },
    );
  });
}
