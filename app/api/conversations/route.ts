// GET /api/conversations?status=open|closed|unread&cursor= (owner's session): a page of the inbox →
// { conversations, nextCursor, unread, cursor }.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { validate } from '@/lib/api/request';
import { listInbox } from '@/lib/conversations/inbox';
import { inboxFilterSchema } from '@/lib/conversations/schema';
import { NO_STORE } from '@/lib/conversations/request';
import { requireActor } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handle(request, async () => {
    const actor = await requireActor(request);
    const params = request.nextUrl.searchParams;
    const filter = validate(inboxFilterSchema, params.get('status') ?? 'all');
    return NextResponse.json(await listInbox(actor, { filter, cursor: params.get('cursor') ?? undefined }), {
      headers: NO_STORE,
    });
  });
}
