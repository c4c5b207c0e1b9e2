// PUT /api/workspaces/current { workspaceId } (a member's session): the workspace the dashboard shows from
// now on, remembered with the profile → { workspace }; 404 for a workspace the user is no member of.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { requireSignedInUser } from '@/lib/session/server';
import { switchWorkspaceSchema } from '@/lib/workspaces/schema';
import { currentWorkspace, switchWorkspace } from '@/lib/workspaces/service';

export const dynamic = 'force-dynamic';

export function PUT(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const { workspaceId } = await readJson(request, switchWorkspaceSchema, 1024);
    await switchWorkspace(user, workspaceId);
    return NextResponse.json({ workspace: await currentWorkspace(user) }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
