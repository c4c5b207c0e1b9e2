// GET /api/widgets/:id/conversations/:cid (visitor token): the conversation with its latest messages.
// PATCH { readUpTo }: the visitor has read up to that message (the operators see "seen").
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson, validate } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { beforeSchema, visitorConversationPatchSchema } from '@/lib/conversations/schema';
import { conversationId, NO_STORE } from '@/lib/conversations/request';
import { markRead } from '@/lib/conversations/threads';
import { ownConversation, visitorThread } from '@/lib/conversations/visitor/visitor-side';
import { requireVisitor } from '@/lib/conversations/visitor/visitors';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/widgets/[id]/conversations/[cid]'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id, cid } = await params;
    const { visitor } = await requireVisitor(request, id);
    const before = validate(beforeSchema, request.nextUrl.searchParams.get('before') ?? undefined);
    return NextResponse.json(await visitorThread(visitor, conversationId(cid), before), { headers: NO_STORE });
  });
}

export function PATCH(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const { readUpTo } = await readJson(request, visitorConversationPatchSchema, CONVERSATION_BODY_LIMIT);
    const { id, cid } = await params;
    const { widget, visitor } = await requireVisitor(request, id);
    const conversation = await ownConversation(visitor, conversationId(cid));
    return NextResponse.json(await markRead(conversation, widget.workspaceId, 'visitor', readUpTo), {
      headers: NO_STORE,
    });
  });
}
