import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { ApiError, errorResponse } from './errors';

/**
 * A Node request as a fetch Request, with the socket's address where no proxy named one. Its body is the
 * Node request's, streamed (the reader enforces its limit), for a method that has one.
 */
export function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress)
    headers.set('x-forwarded-for', req.socket.remoteAddress);
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === undefined) return new Request(url, { headers });
  const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
  return new Request(url, { method: req.method, headers, body, duplex: 'half' } as RequestInit);
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
