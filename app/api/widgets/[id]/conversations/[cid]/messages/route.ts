// GET /api/widgets/:id/conversations/:cid/messages?before=<id> (visitor token): a page of the thread.
// POST { text, requestKey?, pageUrl?, pageTitle? }: the visitor's message → 201 { message } (200 for a repeated key).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, clientAddress, idempotencyHeader, readJson, validate } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { beforeSchema, postMessageSchema } from '@/lib/conversations/schema';
import { conversationId, NO_STORE } from '@/lib/conversations/request';
import { postVisitorMessage, visitorThread } from '@/lib/conversations/visitor/visitor-side';
import { requireVisitor } from '@/lib/conversations/visitor/visitors';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/widgets/[id]/conversations/[cid]/messages'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id, cid } = await params;
    const { visitor } = await requireVisitor(request, id);
    const before = validate(beforeSchema, request.nextUrl.searchParams.get('before') ?? undefined);
    const { messages } = await visitorThread(visitor, conversationId(cid), before);
    return NextResponse.json({ messages }, { headers: NO_STORE });
  });
}

export function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const input = await readJson(request, postMessageSchema, CONVERSATION_BODY_LIMIT);
    const { id, cid } = await params;
    const { widget, visitor } = await requireVisitor(request, id);
    const { message, created } = await postVisitorMessage(
      widget,
      visitor,
      conversationId(cid),
      { ...input, requestKey: idempotencyHeader(request) ?? input.requestKey },
      clientAddress(request),
    );
    return NextResponse.json({ message }, { status: created ? 201 : 200, headers: NO_STORE });
  });
}
