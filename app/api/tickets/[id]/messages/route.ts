// POST /api/tickets/:id/messages: a reply in the ticket's thread.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, idempotencyHeader, readJson } from '@/lib/api/request';
import { replySchema } from '@/lib/tickets/schema';
import { replyToTicket } from '@/lib/tickets/service';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/tickets/[id]/messages'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const input = await readJson(request, replySchema);
    const result = await replyToTicket(user, (await params).id, {
      ...input,
      requestKey: idempotencyHeader(request) ?? input.requestKey,
    });
    return NextResponse.json(
      { message: result.message, ticket: result.ticket },
      { status: result.created ? 201 : 200, headers: { 'Cache-Control': 'no-store' } },
    );
  });
}
