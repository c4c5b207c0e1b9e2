// GET /api/workspaces/:wid/inbox/events (a member's session): the workspace's inbox as server-sent events,
// resumable with Last-Event-ID; new conversations and messages of its widgets, typing and "seen".
// `npm start`'s server answers this path on the Node response (lib/conversations/node-routes.ts).
import type { NextRequest } from 'next/server';
import { eventStreamResponse } from '@/lib/realtime/sse';
import { beginInboxStream } from '@/lib/conversations/streams';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/inbox/events'>) {
  return eventStreamResponse(request, async () => beginInboxStream(request, (await params).wid));
}
