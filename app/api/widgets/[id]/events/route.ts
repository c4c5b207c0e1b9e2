// GET /api/widgets/:id/events (visitor token): the visitor's conversations as server-sent events, resumable
// with Last-Event-ID (header, or `lastEventId` in the query); typing, "seen" and the operators' presence too.
// `npm start`'s server answers this path on the Node response (lib/conversations/node-routes.ts).
import type { NextRequest } from 'next/server';
import { eventStreamResponse } from '@/lib/realtime/sse';
import { beginVisitorStream } from '@/lib/conversations/streams';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: RouteContext<'/api/widgets/[id]/events'>) {
  const { id } = await params;
  return eventStreamResponse(request, () => beginVisitorStream(request, id));
}
