import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, errorResponse } from './errors';

/**
 * A Node request as a fetch Request, with the socket's address where no proxy named one, and `body` (see
 * requestBody) for a method that has one.
 */
export function webRequest(req: IncomingMessage, body?: ReadableStream<Uint8Array>): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress)
    headers.set('x-forwarded-for', req.socket.remoteAddress);
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!body || req.method === 'GET' || req.method === 'HEAD') return new Request(url, { headers });
  return new Request(url, { method: req.method, headers, body, duplex: 'half' } as RequestInit);
}

/**
 * The Node request's body as a web stream, read as the handler reads it (the reader enforces its limit), and
 * `discard()` for after the answer: what the handler left unread is drained, not kept, so that a kept-alive
 * connection takes its next request (a body nobody reads would hold it paused for good).
 */
export function requestBody(req: IncomingMessage): { body: ReadableStream<Uint8Array>; discard(): void } {
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => {
        if (open) controller.close();
        open = false;
      });
      req.on('error', (error) => {
        if (open) controller.error(error);
        open = false;
      });
    },
    pull: () => void req.resume(),
    cancel: () => {
      open = false;
      req.resume();
    },
  });
  return {
    body,
    discard: () => {
      open = false;
      req.resume();
    },
  };
}

/** Writes a fetch Response (status, headers, whole body) to a Node response. */
export async function writeResponse(
  res: ServerResponse,
  response: Response,
  headers: Record<string, string> = {},
): Promise<void> {
  const cookies = response.headers.getSetCookie();
  res.writeHead(response.status, {
    ...Object.fromEntries(response.headers),
    ...(cookies.length > 0 && { 'set-cookie': cookies }),
    ...headers,
  });
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** 405 in the caller's language, naming the methods the address takes (npm start's server, before Next). */
export async function refuseMethod(req: IncomingMessage, res: ServerResponse, allow: string): Promise<void> {
  await writeResponse(res, await errorResponse(webRequest(req), new ApiError('methodNotAllowed')), { Allow: allow });
}
