import 'server-only';
import { parseEventId } from './schema';
import { latestCursor, requireRoom } from './service';
import { takeStreamSlot } from './limits';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** What a new event stream needs, or an ApiError (404 room, 429 streams) thrown before anything is sent. */
export type StreamStart = { room: string; after: number; release: () => void };

/**
 * Checks a request for a room's event stream: the room exists; Last-Event-ID (header, or `lastEventId`
 * in the query for a client that reconnects by hand) resumes after that message, anything else starts
 * before the latest 50; the client address has a stream slot left (released by `release`).
 */
export async function startChatStream(roomId: string, lastEventId: string | null, address: string): Promise<StreamStart> {
  const room = await requireRoom(roomId);
  const after = parseEventId(lastEventId) ?? (await latestCursor(room.id));
  const release = takeStreamSlot(address);
  return { room: room.id, after, release };
}
