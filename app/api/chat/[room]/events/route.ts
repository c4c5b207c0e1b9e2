// GET /api/chat/:room/events: the room's messages as server-sent events (public). With Last-Event-ID
// (header, or `lastEventId` in the query for a client that reconnects by hand) exactly the messages
// after it, else the latest 50; then the live ones, with a comment heartbeat.
import type { NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { clientAddress, takeStreamSlot } from '@/lib/chat/limits';
import { parseEventId } from '@/lib/chat/schema';
import { latestCursor, requireRoom } from '@/lib/chat/service';
import { chatEventStream } from '@/lib/chat/stream';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/chat/[room]/events'>) {
  return handle(request, async () => {
    const room = await requireRoom((await params).room);
    const lastEventId = parseEventId(request.headers.get('last-event-id') ?? request.nextUrl.searchParams.get('lastEventId'));
    const after = lastEventId ?? (await latestCursor(room.id));
    const release = takeStreamSlot(clientAddress(request));
    return new Response(chatEventStream(room.id, after, request.signal, release), {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
