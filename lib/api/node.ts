import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, errorResponse } from './errors';

/** A Node request as a fetch Request (headers only), with the socket's address where no proxy named one. */
export function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress)
    headers.set('x-forwarded-for', req.socket.remoteAddress);
  return new Request(new URL(req.url ?? '/', 'http://localhost'), { headers });
}

/** Writes a fetch Response (status, headers, whole body) to a Node response. */
export async function writeResponse(
  res: ServerResponse,
  response: Response,
  headers: Record<string, string> = {},
): Promise<void> {
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...headers });
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** 405 in the caller's language, naming the methods the address takes (npm start's server, before Next). */
export async function refuseMethod(req: IncomingMessage, res: ServerResponse, allow: string): Promise<void> {
  await writeResponse(res, await errorResponse(webRequest(req), new ApiError('methodNotAllowed')), { Allow: allow });
}
