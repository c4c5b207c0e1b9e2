// GET /api/tickets (the user's tickets; support staff: `all=1` for everyone's), POST /api/tickets.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, idempotencyHeader, readJson, validate } from '@/lib/api/request';
import { createTicketSchema, listQuerySchema } from '@/lib/tickets/schema';
import { createTicket, listTickets } from '@/lib/tickets/service';
import { requireSignedInUser } from '@/lib/session/server';
import { requestLocale } from '@/lib/i18n/negotiate';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    const params = request.nextUrl.searchParams;
    const query = validate(listQuerySchema, {
      status: params.get('status') ?? undefined,
      page: params.get('page') ?? undefined,
    });
    const result = await listTickets(user, { ...query, all: params.get('all') === '1' });
    return NextResponse.json(result, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const input = await readJson(request, createTicketSchema);
    const { ticket, created } = await createTicket(
      user,
      { ...input, requestKey: idempotencyHeader(request) ?? input.requestKey },
      requestLocale(request.headers),
    );
    return NextResponse.json({ ticket }, { status: created ? 201 : 200, headers: { 'Cache-Control': 'no-store' } });
  });
}
