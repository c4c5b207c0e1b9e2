// GET /api/conversations/events (owner's session): the inbox as server-sent events, resumable with
// Last-Event-ID; new conversations and messages of every widget the owner answers, typing and "seen".
// `npm start`'s server answers this path on the Node response (lib/conversations/node-routes.ts).
import type { NextRequest } from 'next/server';
import { eventStreamResponse } from '@/lib/realtime/sse';
import { beginInboxStream } from '@/lib/conversations/streams';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return eventStreamResponse(request, () => beginInboxStream(request));
}
