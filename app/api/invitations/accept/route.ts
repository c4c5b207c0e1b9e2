// POST /api/invitations/accept { token } (the invited address's session, verified) → { workspace: { id } };
// the workspace becomes the one the dashboard shows.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { requireSignedInUser } from '@/lib/session/server';
import { acceptInvitation } from '@/lib/workspaces/invitations';
import { acceptInvitationSchema } from '@/lib/workspaces/schema';
import { switchWorkspace } from '@/lib/workspaces/service';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const { token } = await readJson(request, acceptInvitationSchema, 1024);
    const { workspaceId } = await acceptInvitation(user, token);
    await switchWorkspace(user, workspaceId);
    return NextResponse.json({ workspace: { id: workspaceId } }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
