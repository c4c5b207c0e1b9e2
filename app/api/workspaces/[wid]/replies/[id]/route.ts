// PATCH /api/workspaces/:wid/replies/:id { title?, textEn?, textDe? } (owner or admin) → { reply }; an empty or
// null text removes that language (one must remain). DELETE …/:id (owner or admin) → 204.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { requireSignedInUser } from '@/lib/session/server';
import { updateReplySchema } from '@/lib/replies/schema';
import { deleteReply, updateReply } from '@/lib/replies/service';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/workspaces/[wid]/replies/[id]'>;

export function PATCH(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const input = await readJson(request, updateReplySchema);
    const { wid, id } = await params;
    const reply = await updateReply(user, wid, id, input);
    return NextResponse.json({ reply }, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const { wid, id } = await params;
    await deleteReply(user, wid, id);
    return new Response(null, { status: 204 });
  });
}
