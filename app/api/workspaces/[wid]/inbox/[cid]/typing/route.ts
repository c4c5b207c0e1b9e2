// POST /api/workspaces/:wid/inbox/:cid/typing { typing } (a member's session): the visitor sees an operator typing.
import { type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { takeTypingAllowance } from '@/lib/chat/limits';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { workspaceConversation } from '@/lib/conversations/inbox/inbox';
import { typingSchema } from '@/lib/conversations/schema';
import { conversationId } from '@/lib/conversations/request';
import { announceTyping } from '@/lib/conversations/threads';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/inbox/[cid]/typing'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const operator = await requireSignedInUser(request);
    const { typing } = await readJson(request, typingSchema, CONVERSATION_BODY_LIMIT);
    const { wid, cid } = await params;
    const { conversation, workspaceId } = await workspaceConversation(operator, wid, conversationId(cid));
    await takeTypingAllowance(conversation.id, { side: 'operator', uid: operator.uid });
    await announceTyping(conversation, workspaceId, 'operator', typing);
    return new Response(null, { status: 204 });
  });
}
