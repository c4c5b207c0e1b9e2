import 'server-only';
import { offerNodeRoutes, type NodeRoute } from '@/server/node-bridge.mjs';
import { refuseMethod } from '@/lib/api/node';
import { closeDatabase } from '@/lib/db';
import { env } from '@/lib/env';
import { endEventStreams } from './sse';

/**
 * Offers the event streams, the translated 405 and what its drain on SIGTERM needs to npm start's server
 * (server/server.mjs), which answers them on Node's response. The domains' routes are handed in at start-up
 * (instrumentation.ts), so this generic layer names none of its users.
 */
export function offerNodeAnswers(routes: NodeRoute[]): void {
  offerNodeRoutes({
    routes,
    refuseMethod,
    drain: { timeoutMs: env.drainTimeoutMs, endStreams: endEventStreams, close: closeDatabase },
  });
}

/**
 * Under `next start` (no server/server.mjs), Next's own SIGTERM handler stops accepting and waits for every
 * connection to end, without a bound: an open event stream would hold it until it is killed. The streams
 * are told to reconnect and ended, and the process exits at the bound whatever still runs.
 */
export function drainStreamsOnSignals(): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      endEventStreams();
      setTimeout(() => process.exit(1), env.drainTimeoutMs).unref();
    });
}
