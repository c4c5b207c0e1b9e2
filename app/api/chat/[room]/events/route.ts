// GET /api/chat/:room/events: the room's messages as server-sent events (public). With Last-Event-ID
// (header, or `lastEventId` in the query) exactly the messages after it, else the latest 50; then the
// live ones, with a comment heartbeat. `npm start`'s server answers this path itself, on the Node
// response (lib/chat/node-stream.ts); this handler serves it wherever the app runs without that server.
import type { NextRequest } from 'next/server';
import { startChatStream } from '@/lib/chat/open';
import { eventStreamResponse } from '@/lib/realtime/sse';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: RouteContext<'/api/chat/[room]/events'>) {
  const { room } = await params;
  return eventStreamResponse(request, () => startChatStream(room, request));
}
