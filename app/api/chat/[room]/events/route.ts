// GET /api/chat/:room/events: the room's messages as server-sent events (public). With Last-Event-ID
// (header, or `lastEventId` in the query) exactly the messages after it, else the latest 50; then the
// live ones, with a comment heartbeat. `npm start`'s server answers this path itself, on the Node
// response (lib/chat/node-stream.ts); this handler serves it wherever the app runs without that server.
import type { NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { clientAddress } from '@/lib/api/request';
import { SSE_HEADERS, startChatStream } from '@/lib/chat/open';
import { chatEventStream } from '@/lib/chat/stream';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/chat/[room]/events'>) {
  return handle(request, async () => {
    const lastEventId = request.headers.get('last-event-id') ?? request.nextUrl.searchParams.get('lastEventId');
    const { room, after, release } = await startChatStream((await params).room, lastEventId, clientAddress(request));
    return new Response(chatEventStream(room, after, request.signal, release), { headers: SSE_HEADERS });
  });
}
