// GET /api/workspaces (session): the user's workspaces → { workspaces: [{ id, name, role, personal }] }.
// POST { name, requestKey? } (or Idempotency-Key): a new workspace, the user its owner → 201 { workspace }.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, idempotencyHeader, readJson } from '@/lib/api/request';
import { requireSignedInUser } from '@/lib/session/server';
import { createWorkspaceSchema } from '@/lib/workspaces/schema';
import { createWorkspace, listWorkspaces } from '@/lib/workspaces/service';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

export function GET(request: NextRequest) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    return NextResponse.json({ workspaces: await listWorkspaces(user) }, { headers: NO_STORE });
  });
}

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const input = await readJson(request, createWorkspaceSchema, 1024);
    const { workspace, created } = await createWorkspace(user, {
      ...input,
      requestKey: idempotencyHeader(request) ?? input.requestKey,
    });
    return NextResponse.json({ workspace }, { status: created ? 201 : 200, headers: NO_STORE });
  });
}
