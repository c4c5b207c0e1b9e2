// GET /api/widgets (the user's widgets and their limit), POST /api/widgets (create).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, idempotencyHeader, readJson } from '@/lib/api/request';
import { createWidgetSchema } from '@/lib/widgets/schema';
import { createWidget, listWidgets } from '@/lib/widgets/service';
import { requireActor } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handle(request, async () => {
    const actor = await requireActor(request);
    return NextResponse.json(await listWidgets(actor), { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const actor = await requireActor(request);
    const input = await readJson(request, createWidgetSchema);
    const { widget, created } = await createWidget(actor, {
      ...input,
      requestKey: idempotencyHeader(request) ?? input.requestKey,
    });
    return NextResponse.json({ widget }, { status: created ? 201 : 200, headers: { 'Cache-Control': 'no-store' } });
  });
}
