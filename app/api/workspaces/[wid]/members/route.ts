// GET /api/workspaces/:wid/members (a member's session) → { members: [{ uid, name, email, role }] }.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { requireActor } from '@/lib/session/server';
import { listMembers } from '@/lib/workspaces/members';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/members'>) {
  return handle(request, async () => {
    const actor = await requireActor(request);
    const members = await listMembers(actor, (await params).wid);
    return NextResponse.json({ members }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
