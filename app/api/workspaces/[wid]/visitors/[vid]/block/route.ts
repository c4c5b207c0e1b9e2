// POST /api/workspaces/:wid/visitors/:vid/block (owner, admin, agent): blocks the visitor in the workspace;
// DELETE unblocks them. Both → { visitor: { id, blocked, blockedAt } }.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { setVisitorBlocked } from '@/lib/conversations/inbox/visitor-privacy';
import { NO_STORE } from '@/lib/conversations/request';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/workspaces/[wid]/visitors/[vid]/block'>;

function blocking(blocked: boolean) {
  return (request: NextRequest, { params }: Context) =>
    handle(request, async () => {
      assertSameOrigin(request);
      const operator = await requireSignedInUser(request);
      const { wid, vid } = await params;
      return NextResponse.json(
        { visitor: await setVisitorBlocked(operator, wid, vid, blocked) },
        { headers: NO_STORE },
      );
    });
}

export const POST = blocking(true);
export const DELETE = blocking(false);
