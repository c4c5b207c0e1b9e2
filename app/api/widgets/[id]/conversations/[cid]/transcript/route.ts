// POST /api/widgets/:id/conversations/:cid/transcript { email? } (visitor token): e-mails the conversation
// to the visitor (the address given, else the one they gave before); at most once in 10 minutes.
import { type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { transcriptSchema } from '@/lib/conversations/schema';
import { conversationId } from '@/lib/conversations/request';
import { sendTranscript } from '@/lib/conversations/transcript';
import { ownConversation } from '@/lib/conversations/visitor-side';
import { requireVisitor, updateVisitorDetails } from '@/lib/conversations/visitors';

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
    const email = input.email ?? visitor.email;
    if (!email) throw new ApiError('invalidBody', { email: { code: 'required' } });
    if (input.email && !visitor.email) await updateVisitorDetails(widget, visitor, { email: input.email });
    await sendTranscript(widget, conversation, email);
    return new Response(null, { status: 202 });
  });
}
