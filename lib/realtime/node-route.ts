import 'server-only';
import type { NextRequest } from 'next/server';
import type { NodeRoute } from '@/server/node-bridge.mjs';
import { matchPath } from '@/lib/api/node-route';
import { serveEventStream, type EventStreamStart } from './sse';

/**
 * An event stream npm start's server answers on Node's response: `GET` of a path matching `pattern`,
 * whose groups are the parameters named `keys`. `begin` is the route handler's own check.
 */
export function eventStreamRoute(
  name: string,
  pattern: RegExp,
  keys: readonly string[],
  begin: (request: NextRequest, params: Record<string, string>) => Promise<EventStreamStart>,
): NodeRoute {
  return {
    name,
    match: matchPath('GET', pattern, keys),
    serve: (req, res, params) => serveEventStream(req, res, (request) => begin(request, params)),
  };
}
