// GET /api/workspaces/:wid/inbox/:cid/messages?before=<id> (a member's session): a page of the thread.
// POST { text, requestKey? }: the operator's reply → 201 { message } (200 for a repeated key).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { validate } from '@/lib/api/request';
import { inboxThread } from '@/lib/conversations/inbox/inbox';
import { answerOperatorReply } from '@/lib/conversations/message-answers';
import { beforeSchema } from '@/lib/conversations/schema';
import { conversationId, NO_STORE } from '@/lib/conversations/request';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/workspaces/[wid]/inbox/[cid]/messages'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const operator = await requireSignedInUser(request);
    const before = validate(beforeSchema, request.nextUrl.searchParams.get('before') ?? undefined);
    const { wid, cid } = await params;
    const { messages } = await inboxThread(operator, wid, conversationId(cid), { before });
    return NextResponse.json({ messages }, { headers: NO_STORE });
  });
}

// npm start's server answers this POST itself, with the same function (lib/conversations/node-routes.ts).
export function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => answerOperatorReply(request, await params));
}
