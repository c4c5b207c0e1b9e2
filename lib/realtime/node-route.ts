import 'server-only';
import type { NextRequest } from 'next/server';
import type { NodeRoute } from '@/server/node-bridge.mjs';
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
    match(method, url) {
      if (method !== 'GET' || !url) return null;
      const match = pattern.exec(url.split('?')[0]);
      if (!match) return null;
      return Object.fromEntries(keys.map((key, i) => [key, decodeSegment(match[i + 1])]));
    },
    serve: (req, res, params) => serveEventStream(req, res, (request) => begin(request, params)),
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
