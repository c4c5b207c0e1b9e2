import 'server-only';
import { NextRequest } from 'next/server';
import type { NodeRoute } from '@/server/node-bridge.mjs';
import { handle } from './errors';
import { requestBody, webRequest, writeResponse } from './node';

/** The parameters named `keys` of a `method` request whose path matches `pattern`, else null. */
export function matchPath(
  method: string,
  pattern: RegExp,
  keys: readonly string[],
): (requestMethod: string | undefined, url: string | undefined) => Record<string, string> | null {
  return (requestMethod, url) => {
    if (requestMethod !== method || !url) return null;
    const match = pattern.exec(url.split('?')[0]);
    if (!match) return null;
    return Object.fromEntries(keys.map((key, i) => [key, decodeSegment(match[i + 1])]));
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A JSON API answer npm start's server gives on Node's response without Next's router: `answer` is the
 * route handler's own body (the route file calls it too), with the same checks, errors and headers. For
 * the few requests that run for every chat message (npm run bench: Next's request path per message).
 */
export function answerRoute(
  name: string,
  method: string,
  pattern: RegExp,
  keys: readonly string[],
  answer: (request: NextRequest, params: Record<string, string>) => Promise<Response>,
): NodeRoute {
  return {
    name,
    match: matchPath(method, pattern, keys),
    async serve(req, res, params) {
      const { body, discard } = requestBody(req);
      const request = new NextRequest(webRequest(req, body));
      try {
        await writeResponse(res, await handle(request, () => answer(request, params)));
      } finally {
        discard();
      }
    },
  };
}
