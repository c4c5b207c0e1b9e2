// POST /api/widgets/:id/conversations/:cid/typing { typing } (visitor token): the operators see the visitor typing.
import { type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, clientAddress, readJson } from '@/lib/api/request';
import { takeTypingAllowance } from '@/lib/chat/limits';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { typingSchema } from '@/lib/conversations/schema';
import { conversationId } from '@/lib/conversations/request';
import { announceTyping } from '@/lib/conversations/threads';
import { ownConversation } from '@/lib/conversations/visitor/visitor-side';
import { requireVisitor } from '@/lib/conversations/visitor/visitors';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/widgets/[id]/conversations/[cid]/typing'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const { typing } = await readJson(request, typingSchema, CONVERSATION_BODY_LIMIT);
    const { id, cid } = await params;
    const { widget, visitor } = await requireVisitor(request, id);
    if (visitor.blockedAt) throw new ApiError('visitorBlocked');
    const conversation = await ownConversation(visitor, conversationId(cid));
    await takeTypingAllowance(conversation.id, {
      side: 'visitor',
      widgetId: widget.id,
      address: clientAddress(request),
    });
    await announceTyping(conversation, widget.workspaceId, 'visitor', typing);
    return new Response(null, { status: 204 });
  });
}
