// GET /api/workspaces/:wid/presence (a member's session): the members' states
// → { teammates: [{ uid, name, presence }] }.
// PUT { status: 'available' | 'away' | 'auto' }: the operator's own switch (auto: their open inboxes decide).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { switchOperator, teammatesOf } from '@/lib/conversations/inbox/operator-switch';
import { NO_STORE } from '@/lib/conversations/request';
import { operatorSwitchSchema } from '@/lib/conversations/schema';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/workspaces/[wid]/presence'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const operator = await requireSignedInUser(request);
    return NextResponse.json({ teammates: await teammatesOf(operator, (await params).wid) }, { headers: NO_STORE });
  });
}

export function PUT(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const operator = await requireSignedInUser(request);
    const { status } = await readJson(request, operatorSwitchSchema, 1024);
    const teammates = await switchOperator(operator, (await params).wid, status);
    return NextResponse.json({ status, teammates }, { headers: NO_STORE });
  });
}
