// PATCH /api/workspaces/:wid/members/:uid { role } (owner or admin; `owner`: the owner transfers) → 204;
// { active: false | true } deactivates the member (as a removal, kept to activate again) or activates them.
// DELETE …/members/:uid: removes the member (owner or admin), or leaves (one's own uid) → 204; their
// open inbox streams of the workspace end on every instance and their conversations wait unassigned.
import { type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { endMembership } from '@/lib/conversations/assignment';
import { requireSignedInUser } from '@/lib/session/server';
import { changeRole, removeMember } from '@/lib/workspaces/members';
import { memberPatchSchema } from '@/lib/workspaces/schema';
import { activateMember, deactivateMember } from '@/lib/workspaces/deactivation';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/workspaces/[wid]/members/[uid]'>;

export function PATCH(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const body = await readJson(request, memberPatchSchema, 1024);
    const { wid, uid } = await params;
    if ('role' in body) await changeRole(user, wid, uid, body.role);
    else if (body.active) await activateMember(user, wid, uid);
    else await deactivateMember(user, wid, uid, endMembership);
    return new Response(null, { status: 204 });
  });
}

export function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const { wid, uid } = await params;
    await removeMember(user, wid, uid, endMembership);
    return new Response(null, { status: 204 });
  });
}
