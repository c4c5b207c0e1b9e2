// GET /api/widgets/:id/conversations (visitor token): the visitor's conversations and their stream's cursor.
// POST /api/widgets/:id/conversations { text, name?, email?, pageUrl?, pageTitle?, locale?, requestKey? }:
// a new conversation with its first message → 201 { conversation, message } (200 for a repeated key).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, clientAddress, idempotencyHeader, readJson } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { startConversationSchema } from '@/lib/conversations/schema';
import { NO_STORE } from '@/lib/conversations/request';
import { listVisitorConversations, startConversation } from '@/lib/conversations/visitor/visitor-side';
import { requireVisitor } from '@/lib/conversations/visitor/visitors';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/widgets/[id]/conversations'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { visitor } = await requireVisitor(request, (await params).id);
    return NextResponse.json(await listVisitorConversations(visitor), { headers: NO_STORE });
  });
}

export function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const input = await readJson(request, startConversationSchema, CONVERSATION_BODY_LIMIT);
    const { widget, visitor } = await requireVisitor(request, (await params).id);
    const { created, ...started } = await startConversation(
      widget,
      visitor,
      { ...input, requestKey: idempotencyHeader(request) ?? input.requestKey },
      clientAddress(request),
    );
    return NextResponse.json(started, { status: created ? 201 : 200, headers: NO_STORE });
  });
}
