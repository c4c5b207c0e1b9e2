// PATCH /api/workspaces/:wid/labels/:id { name?, colour? } (owner or admin) → { label }; 409 labelExists.
// DELETE (owner or admin) → 204: the label leaves every conversation it was on. Any other id: 404.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { deleteLabel, updateLabel } from '@/lib/conversations/inbox/labels';
import { labelIdSchema, labelPatchSchema } from '@/lib/conversations/label-schema';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { NO_STORE } from '@/lib/conversations/request';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/workspaces/[wid]/labels/[id]'>;

function labelId(value: string): string {
  const parsed = labelIdSchema.safeParse(value);
  if (!parsed.success) throw new ApiError('notFound');
  return parsed.data;
}

export function PATCH(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const operator = await requireSignedInUser(request);
    const input = await readJson(request, labelPatchSchema, CONVERSATION_BODY_LIMIT);
    const { wid, id } = await params;
    const label = await updateLabel(operator, wid, labelId(id), input);
    return NextResponse.json({ label }, { headers: NO_STORE });
  });
}

export function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const operator = await requireSignedInUser(request);
    const { wid, id } = await params;
    await deleteLabel(operator, wid, labelId(id));
    return new Response(null, { status: 204 });
  });
}
