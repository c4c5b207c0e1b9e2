// GET /api/widgets/:id/conversations/:cid/messages?before=<id> (visitor token): a page of the thread.
// POST { text, requestKey?, pageUrl?, pageTitle? }: the visitor's message → 201 { message } (200 for a repeated key).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { validate } from '@/lib/api/request';
import { beforeSchema } from '@/lib/conversations/schema';
import { answerVisitorMessage } from '@/lib/conversations/message-answers';
import { conversationId, NO_STORE } from '@/lib/conversations/request';
import { visitorThread } from '@/lib/conversations/visitor/visitor-side';
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

// npm start's server answers this POST itself, with the same function (lib/conversations/node-routes.ts).
export function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => answerVisitorMessage(request, await params));
}
