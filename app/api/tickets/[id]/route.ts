// GET /api/tickets/:id (the ticket and its thread), PATCH /api/tickets/:id ({ status }).
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { statusSchema } from '@/lib/tickets/schema';
import { getTicket, setTicketStatus } from '@/lib/tickets/service';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/tickets/[id]'>) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    const found = await getTicket(user, (await params).id);
    if (!found) throw new ApiError('notFound');
    return NextResponse.json(found, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function PATCH(request: NextRequest, { params }: RouteContext<'/api/tickets/[id]'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const { status } = await readJson(request, statusSchema);
    const ticket = await setTicketStatus(user, (await params).id, status);
    return NextResponse.json({ ticket }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
