// PUT /api/workspaces/:wid/inbox/:cid/labels { labels: [ids] } (a member who may answer): the conversation's
// labels, all of them → { conversation }; an id that is no label of the workspace: 400 unknownLabel.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { inboxEntry } from '@/lib/conversations/inbox/inbox';
import { setConversationLabels } from '@/lib/conversations/inbox/labels';
import { conversationLabelsSchema } from '@/lib/conversations/label-schema';
import { conversationId, NO_STORE } from '@/lib/conversations/request';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function PUT(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/inbox/[cid]/labels'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const operator = await requireSignedInUser(request);
    const input = await readJson(request, conversationLabelsSchema, CONVERSATION_BODY_LIMIT);
    const { wid, cid } = await params;
    const id = conversationId(cid);
    await setConversationLabels(operator, wid, id, input.labels);
    return NextResponse.json({ conversation: await inboxEntry(id) }, { headers: NO_STORE });
  });
}
