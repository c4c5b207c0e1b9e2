// GET /api/workspaces/:wid/replies[?q=words] (a member) → { replies: [{ id, title, textEn, textDe, updatedAt }] }.
// POST { title, textEn?, textDe?, requestKey } (owner or admin) → 201 { reply }; the same key again: 200, the
// same reply; a title the workspace has: 409 `replyTitleTaken`; an unknown placeholder: 400.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson, validate } from '@/lib/api/request';
import { requireSignedInUser } from '@/lib/session/server';
import { createReplySchema, replyQuerySchema } from '@/lib/replies/schema';
import { createReply, listReplies } from '@/lib/replies/service';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };
type Context = RouteContext<'/api/workspaces/[wid]/replies'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    const query = validate(replyQuerySchema, request.nextUrl.searchParams.get('q') ?? '');
    const replies = await listReplies(user, (await params).wid, query);
    return NextResponse.json({ replies }, { headers: NO_STORE });
  });
}

export function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const input = await readJson(request, createReplySchema);
    const { reply, created } = await createReply(user, (await params).wid, input);
    return NextResponse.json({ reply }, { status: created ? 201 : 200, headers: NO_STORE });
  });
}
