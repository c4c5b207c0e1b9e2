// GET /api/workspaces/:wid/members (a member's session) → { members: [{ uid, name, email, role, presence }] }.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { presenceOfMembers } from '@/lib/conversations/operators';
import { requireSignedInUser } from '@/lib/session/server';
import { listMembers } from '@/lib/workspaces/members';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/members'>) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    const { wid } = await params;
    // listMembers checks the membership first; the presence is read only for a member.
    const listed = await listMembers(user, wid);
    const presence = await presenceOfMembers(wid);
    const members = listed.map((member) => ({ ...member, presence: presence.get(member.uid) ?? 'offline' }));
    return NextResponse.json({ members }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
