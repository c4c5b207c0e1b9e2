// GET /api/tickets/:id (the ticket and its thread), PATCH /api/tickets/:id ({ status }).
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { statusSchema } from '@/lib/tickets/schema';
import { getTicket, setTicketStatus } from '@/lib/tickets/service';
import { requireActor } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/tickets/[id]'>) {
  return handle(request, async () => {
    const actor = await requireActor(request);
    const found = await getTicket(actor, (await params).id);
    if (!found) throw new ApiError('notFound');
    return NextResponse.json(found, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function PATCH(request: NextRequest, { params }: RouteContext<'/api/tickets/[id]'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const actor = await requireActor(request);
    const { status } = await readJson(request, statusSchema);
    const ticket = await setTicketStatus(actor, (await params).id, status);
    return NextResponse.json({ ticket }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
