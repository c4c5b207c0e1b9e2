// GET /api/workspaces/:wid/labels (a member's session) → { labels: [{ id, name, colour }] }, by name.
// POST { name, colour } (owner or admin) → 201 { label }; 409 labelExists when the name is taken in any case.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { createLabel, listLabels } from '@/lib/conversations/inbox/labels';
import { newLabelSchema } from '@/lib/conversations/label-schema';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { NO_STORE } from '@/lib/conversations/request';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/workspaces/[wid]/labels'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const operator = await requireSignedInUser(request);
    return NextResponse.json({ labels: await listLabels(operator, (await params).wid) }, { headers: NO_STORE });
  });
}

export function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const operator = await requireSignedInUser(request);
    const input = await readJson(request, newLabelSchema, CONVERSATION_BODY_LIMIT);
    const label = await createLabel(operator, (await params).wid, input);
    return NextResponse.json({ label }, { status: 201, headers: NO_STORE });
  });
}
