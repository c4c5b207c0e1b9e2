// GET, PATCH, DELETE /api/widgets/:id: a widget of the user's workspaces (changes: owner or admin); a
// stranger's is a 404.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { updateWidgetSchema } from '@/lib/widgets/schema';
import { deleteWidget, getWidget, updateWidget } from '@/lib/widgets/service';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/widgets/[id]'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    const widget = await getWidget(user, (await params).id);
    if (!widget) throw new ApiError('notFound');
    return NextResponse.json({ widget }, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function PATCH(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const input = await readJson(request, updateWidgetSchema);
    const widget = await updateWidget(user, (await params).id, input);
    return NextResponse.json({ widget }, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    await deleteWidget(user, (await params).id);
    return new NextResponse(null, { status: 204 });
  });
}
