// Types of answer-cache.mjs.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const PRERENDER_CHANGED: unique symbol;
export function answerCache(
  distDir: string,
  options?: { lifetimeMs: number; limit: number },
): (req: IncomingMessage, res: ServerResponse) => boolean;
