// GET /api/widgets?workspace=<id> (a workspace's widgets and their limit; default: the user's current workspace),
// POST /api/widgets?workspace=<id> (create; owner or admin).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, idempotencyHeader, readJson } from '@/lib/api/request';
import { createWidgetSchema } from '@/lib/widgets/schema';
import { createWidget, listWidgets } from '@/lib/widgets/service';
import { requireSignedInUser } from '@/lib/session/server';
import { namedOrCurrentWorkspace } from '@/lib/workspaces/service';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    const workspaceId = await namedOrCurrentWorkspace(user, request.nextUrl.searchParams.get('workspace'));
    return NextResponse.json(await listWidgets(user, workspaceId), { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const input = await readJson(request, createWidgetSchema);
    const workspaceId = await namedOrCurrentWorkspace(user, request.nextUrl.searchParams.get('workspace'));
    const { widget, created } = await createWidget(user, workspaceId, {
      ...input,
      requestKey: idempotencyHeader(request) ?? input.requestKey,
    });
    return NextResponse.json({ widget }, { status: created ? 201 : 200, headers: { 'Cache-Control': 'no-store' } });
  });
}
