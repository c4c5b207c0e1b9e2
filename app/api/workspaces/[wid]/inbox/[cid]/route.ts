// GET /api/workspaces/:wid/inbox/:cid?before=|around= (a member's session): the conversation with its latest
// messages, those before a message, or those from a little before one (a search hit) on.
// PATCH { status?: 'open' | 'closed', assigneeId?: uid | null, snoozedUntil?: ISO time | null, readUpTo? }: close
// or reopen it, assign it to a member or unassign it (400 notMember), snooze it (400 snoozeOutOfRange unless in the
// future and at most a year ahead) or end its snooze; the operator has read up to a message.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson, validate } from '@/lib/api/request';
import { assignConversation } from '@/lib/conversations/assignment';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { inboxEntry, inboxThread, markReadByOperator, setConversationStatus } from '@/lib/conversations/inbox/inbox';
import { snoozeConversation } from '@/lib/conversations/inbox/snooze';
import { beforeSchema, inboxConversationPatchSchema } from '@/lib/conversations/schema';
import { conversationId, NO_STORE } from '@/lib/conversations/request';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/workspaces/[wid]/inbox/[cid]'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const operator = await requireSignedInUser(request);
    const query = request.nextUrl.searchParams;
    const before = validate(beforeSchema, query.get('before') ?? undefined);
    const around = validate(beforeSchema, query.get('around') ?? undefined);
    const { wid, cid } = await params;
    const thread = await inboxThread(operator, wid, conversationId(cid), { before, around });
    return NextResponse.json(thread, { headers: NO_STORE });
  });
}

export function PATCH(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const operator = await requireSignedInUser(request);
    const input = await readJson(request, inboxConversationPatchSchema, CONVERSATION_BODY_LIMIT);
    const { wid, cid } = await params;
    const id = conversationId(cid);
    if (input.assigneeId !== undefined) await assignConversation(operator, wid, id, input.assigneeId);
    if (input.status) await setConversationStatus(operator, wid, id, input.status);
    if (input.snoozedUntil !== undefined) await snoozeConversation(operator, wid, id, input.snoozedUntil);
    if (input.readUpTo !== undefined) await markReadByOperator(operator, wid, id, input.readUpTo);
    return NextResponse.json({ conversation: await inboxEntry(id) }, { headers: NO_STORE });
  });
}
