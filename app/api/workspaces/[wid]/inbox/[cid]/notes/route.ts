// POST /api/workspaces/:wid/inbox/:cid/notes { text, requestKey? } (a member who may answer): a private note in the
// thread, for the members only → 201 { note } (200 and the same note for a repeated key). Never reaches the visitor.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, idempotencyHeader, readJson } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { writeNote } from '@/lib/conversations/inbox/notes';
import { conversationId, NO_STORE } from '@/lib/conversations/request';
import { postNoteSchema } from '@/lib/conversations/schema';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/inbox/[cid]/notes'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const operator = await requireSignedInUser(request);
    const input = await readJson(request, postNoteSchema, CONVERSATION_BODY_LIMIT);
    const { wid, cid } = await params;
    const { note, created } = await writeNote(operator, wid, conversationId(cid), {
      ...input,
      requestKey: idempotencyHeader(request) ?? input.requestKey,
    });
    return NextResponse.json({ note }, { status: created ? 201 : 200, headers: NO_STORE });
  });
}
