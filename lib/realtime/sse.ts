import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { webRequest, writeResponse } from '@/lib/api/node';
import type { EventHub } from './hub';
import { describeDatabaseError } from '@/lib/db/errors';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** Bytes a stream may hold for a reader that does not keep up before it is closed (it resumes later). */
export const STREAM_BUFFER_LIMIT = 512 * 1024;
/** How long a client waits before it reconnects (the browser's client starts from the same). */
const RETRY_MS = 1_000;
const encoder = new TextEncoder();
const HELLO = encoder.encode(`retry: ${RETRY_MS}\n: connected\n\n`);
// A draining instance spreads its clients' reconnects over this long, so that those taking them over
// are not asked for every stream at once.
const DRAIN_RETRY_SPREAD_MS = 2_000;

// The streams this process has open, whichever bundle opened them (each ends after a last frame), and
// whether the process drains.
type Streams = { open: Set<(last: Uint8Array) => void>; draining: boolean };
const registry = globalThis as typeof globalThis & { __eventStreams?: Streams };
const streams = (registry.__eventStreams ??= { open: new Set(), draining: false });

const reconnectElsewhere = () =>
  encoder.encode(`retry: ${RETRY_MS + Math.floor(Math.random() * DRAIN_RETRY_SPREAD_MS)}\n\n`);

/**
 * The server drains: tells every open stream to reconnect (in RETRY_MS plus up to DRAIN_RETRY_SPREAD_MS;
 * another instance takes the client over) and ends it, as it does with any stream opened from now on.
 * Answers how many were open.
 */
export function endEventStreams(): number {
  streams.draining = true;
  const open = [...streams.open];
  for (const end of open) end(reconnectElsewhere());
  return open.length;
}

/**
 * What an accepted request for an event stream follows: a hub's scope from event `after` on. `release`
 * runs exactly once when the stream ends; `initial` frames go out once the hub has the stream.
 */
export type EventStreamStart = {
  hub: EventHub;
  scope: string;
  after: number;
  group?: string;
  release: () => void;
  initial?: Uint8Array[];
};

/**
 * Where a reconnecting client resumes: Last-Event-ID, or `lastEventId` in the query for one that reconnects by hand.
 */
export function requestedLastEventId(request: NextRequest): string | null {
  return request.headers.get('last-event-id') ?? request.nextUrl.searchParams.get('lastEventId');
}

/** Checks a request and answers what its stream follows, or throws an ApiError before anything is sent. */
export type BeginStream = (request: NextRequest) => Promise<EventStreamStart>;

/**
 * The writing side of one stream, shared by the web body and the Node response: subscribes to the hub,
 * cuts the stream off once STREAM_BUFFER_LIMIT bytes wait for a reader that stopped reading (it resumes
 * from its last id), and closes once, whoever ends it first.
 */
function connect(
  start: EventStreamStart,
  sink: { write(chunk: Uint8Array): void; buffered(): number; end(cutOff: boolean): void },
) {
  let closed = false;
  let unsubscribe: (() => void) | null = null;
  const close = (cutOff = false) => {
    if (closed) return;
    closed = true;
    streams.open.delete(endWith);
    unsubscribe?.();
    start.release();
    sink.end(cutOff);
  };
  const endWith = (last: Uint8Array) => {
    if (closed) return;
    sink.write(last);
    close();
  };
  const write = (chunk: Uint8Array): boolean => {
    if (closed) return false;
    if (sink.buffered() > STREAM_BUFFER_LIMIT) {
      close(true);
      return false;
    }
    sink.write(chunk);
    return true;
  };
  sink.write(HELLO);
  // Opened over a connection that was kept alive when the drain began: it goes elsewhere too.
  if (streams.draining) {
    endWith(reconnectElsewhere());
    return () => close();
  }
  streams.open.add(endWith);
  start.hub
    .subscribe({ scope: start.scope, lastId: start.after, group: start.group, write, end: endWith })
    .then((stop) => {
      if (closed) return stop();
      unsubscribe = stop;
      // Only now: a client that has the first frames is sure to hear what changes next (pushed frames that
      // are no log events, a conversation's update, would be lost before the hub listens).
      for (const frame of start.initial ?? []) sink.write(frame);
    })
    .catch((error: Error) => {
      console.error(`events: cannot subscribe to ${start.scope}: ${describeDatabaseError(error)}`);
      close();
    });
  return () => close();
}

/** The stream as a web body (route handlers): ends with `signal` or when the body is cancelled. */
export function webEventStream(start: EventStreamStart, signal: AbortSignal): ReadableStream<Uint8Array> {
  let close: () => void = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (signal.aborted) {
          start.release();
          controller.close();
          return;
        }
        close = connect(start, {
          write: (chunk) => controller.enqueue(chunk),
          buffered: () => -(controller.desiredSize ?? 0),
          end: () => {
            signal.removeEventListener('abort', close);
            try {
              controller.close();
            } catch {
              // Already closed or cancelled.
            }
          },
        });
        signal.addEventListener('abort', close);
      },
      cancel: () => close(),
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}

/** The route handler's answer: the stream, or the translated refusal `begin` threw. */
export function eventStreamResponse(request: NextRequest, begin: BeginStream): Promise<Response> {
  return handle(
    request,
    async () => new Response(webEventStream(await begin(request), request.signal), { headers: SSE_HEADERS }),
  );
}

/** The request as a NextRequest (headers only), with the socket's address where no proxy named one. */
export function nodeRequest(req: IncomingMessage): NextRequest {
  return new NextRequest(webRequest(req));
}

/**
 * Serves an event stream straight on the Node response (npm start's server): the same checks and
 * answers as the route handler, without a web stream between the hub and the socket. Fan-out to a
 * thousand streams then costs a socket write per event and stream instead of a chain of stream
 * promises (npm run bench).
 */
export async function serveEventStream(req: IncomingMessage, res: ServerResponse, begin: BeginStream): Promise<void> {
  let start: EventStreamStart | null = null;
  const request = nodeRequest(req);
  const refusal = await handle(request, async () => {
    start = await begin(request);
    return new Response(null, { status: 204 });
  });
  if (!start) return writeResponse(res, refusal);
  const accepted: EventStreamStart = start;
  if (res.destroyed || req.destroyed) {
    accepted.release();
    return;
  }
  res.writeHead(200, SSE_HEADERS);
  const close = connect(accepted, {
    write: (chunk) => res.write(chunk),
    buffered: () => res.writableLength,
    end: (cutOff) => {
      if (!res.writableEnded) res.end();
      if (cutOff) res.destroy();
    },
  });
  res.on('close', close);
}
