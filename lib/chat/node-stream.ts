import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handle } from '@/lib/api/errors';
import { clientAddress } from '@/lib/api/request';
import { webRequest, writeResponse } from '@/lib/api/node';
import { chatHub } from './hub';
import { SSE_HEADERS, startChatStream, type StreamStart } from './open';
import { STREAM_BUFFER_LIMIT } from './stream';

const EVENTS_PATH = /^\/api\/chat\/([^/]+)\/events$/;
const HELLO = new TextEncoder().encode('retry: 3000\n: connected\n\n');

/** The room of a request for `/api/chat/:room/events`, else null. */
export function chatEventsRoom(method: string | undefined, url: string | undefined): string | null {
  if (method !== 'GET' || !url) return null;
  const match = EVENTS_PATH.exec(url.split('?')[0]);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * Serves a room's event stream straight on the Node response: the same checks, answers and hub as the
 * route handler, without a web stream between the hub and the socket. Fan-out to a thousand streams
 * costs a socket write per message and stream instead of a chain of stream promises (npm run bench).
 * A reader that stops reading is cut off once STREAM_BUFFER_LIMIT bytes wait for it.
 */
export async function serveChatEvents(req: IncomingMessage, res: ServerResponse, roomId: string): Promise<void> {
  const request = webRequest(req);
  const url = new URL(request.url);
  let start: StreamStart | null = null;
  const refusal = await handle(request, async () => {
    start = await startChatStream(roomId, request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId'), clientAddress(request));
    return new Response(null, { status: 204 });
  });
  if (!start) return writeResponse(res, refusal);
  const { room, after, release } = start as StreamStart;
  if (res.destroyed || req.destroyed) {
    release();
    return;
  }

  let closed = false;
  let unsubscribe: (() => void) | null = null;
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe?.();
    release();
    if (!res.writableEnded) res.end();
  };
  const write = (chunk: Uint8Array): boolean => {
    if (closed) return false;
    if (res.writableLength > STREAM_BUFFER_LIMIT) {
      close();
      res.destroy();
      return false;
    }
    res.write(chunk);
    return true;
  };
  res.on('close', close);
  res.writeHead(200, SSE_HEADERS);
  res.write(HELLO);
  try {
    const stop = await chatHub().subscribe({ room, lastId: after, write });
    if (closed) stop();
    else unsubscribe = stop;
  } catch (error) {
    console.error(`chat: cannot subscribe to ${room}: ${(error as Error).message}`);
    close();
  }
}

/** The event streams as npm start's server serves them on Node's response (lib/node-bridge.mjs). */
export const chatEventStreams = { match: chatEventsRoom, serve: serveChatEvents };
