// POST /api/widgets/:id/conversations/:cid/transcript { email? } (visitor token): e-mails the conversation to a
// confirmed address (202 { status: 'sent', email }), else first a link that confirms it (202 { status: 'confirm' }).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, clientAddress, readJson } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { transcriptSchema } from '@/lib/conversations/schema';
import { NO_STORE, conversationId } from '@/lib/conversations/request';
import { requestTranscript } from '@/lib/conversations/visitor/transcript';
import { ownConversation } from '@/lib/conversations/visitor/visitor-side';
import { requireVisitor } from '@/lib/conversations/visitor/visitors';

export const dynamic = 'force-dynamic';

export function POST(
  request: NextRequest,
  { params }: RouteContext<'/api/widgets/[id]/conversations/[cid]/transcript'>,
) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const input = await readJson(request, transcriptSchema, CONVERSATION_BODY_LIMIT);
    const { id, cid } = await params;
    const { widget, visitor } = await requireVisitor(request, id);
    const conversation = await ownConversation(visitor, conversationId(cid));
    const answer = await requestTranscript(widget, visitor, conversation, input.email, clientAddress(request));
    return NextResponse.json(answer, { status: 202, headers: NO_STORE });
  });
}
