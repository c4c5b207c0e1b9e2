import 'server-only';
import type { NextRequest } from 'next/server';
import { clientAddress } from '@/lib/api/request';
import { requestedLastEventId, type EventStreamStart } from '@/lib/realtime/sse';
import { parseEventId } from './schema';
import { latestCursor, requireRoom } from './service';
import { takeStreamSlot } from './limits';
import { chatHub } from './hub';

/**
 * Checks a request for a room's event stream: the room exists; Last-Event-ID (header, or `lastEventId`
 * in the query for a client that reconnects by hand) resumes after that message, anything else starts
 * before the latest 50; the client address has a stream slot left (released when the stream ends).
 * Throws an ApiError (404 room, 429 streams) before anything is sent.
 */
export async function startChatStream(roomId: string, request: NextRequest): Promise<EventStreamStart> {
  const room = await requireRoom(roomId);
  const after = parseEventId(requestedLastEventId(request)) ?? (await latestCursor(room.id));
  const release = await takeStreamSlot(clientAddress(request));
  return { hub: chatHub(), scope: room.id, after, release };
}
