// POST /api/workspaces/:wid/inbox/:cid/claim (a member's session): takes an unassigned conversation →
// { conversation }; 409 alreadyAssigned naming whoever has it.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { claimConversation } from '@/lib/conversations/assignment';
import { inboxEntry } from '@/lib/conversations/inbox/inbox';
import { conversationId, NO_STORE } from '@/lib/conversations/request';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/inbox/[cid]/claim'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const operator = await requireSignedInUser(request);
    const { wid, cid } = await params;
    const id = conversationId(cid);
    await claimConversation(operator, wid, id);
    return NextResponse.json({ conversation: await inboxEntry(id) }, { headers: NO_STORE });
  });
}
