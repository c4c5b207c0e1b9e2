// DELETE /api/workspaces/:wid/invitations/:id (owner or admin): revokes a pending invitation → 204.
import { type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { requireSignedInUser } from '@/lib/session/server';
import { revokeInvitation } from '@/lib/workspaces/invitations';

export const dynamic = 'force-dynamic';

export function DELETE(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/invitations/[id]'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const { wid, id } = await params;
    await revokeInvitation(user, wid, id);
    return new Response(null, { status: 204 });
  });
}
