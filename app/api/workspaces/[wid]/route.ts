// DELETE /api/workspaces/:wid (the owner's session): deletes the workspace with its widgets and conversations
// → 204; 409 for a personal workspace, 403 for other members, 404 for anyone else.
import { type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { endMembershipStreams } from '@/lib/conversations/signal';
import { requireSignedInUser } from '@/lib/session/server';
import { deleteWorkspace } from '@/lib/workspaces/members';

export const dynamic = 'force-dynamic';

export function DELETE(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    await deleteWorkspace(user, (await params).wid, endMembershipStreams);
    return new Response(null, { status: 204 });
  });
}
