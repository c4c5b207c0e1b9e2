// Types of node-bridge.mjs.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type NodeRoutes = {
  /** GET /api/chat/:room/events: `match` answers the room of such a request, else null. */
  chatEvents: {
    match(method: string | undefined, url: string | undefined): string | null;
    serve(req: IncomingMessage, res: ServerResponse, room: string): Promise<void>;
  };
  /** Answers 405 in the caller's language with the methods the address takes. */
  refuseMethod(req: IncomingMessage, res: ServerResponse, allow: string): Promise<void>;
};
export function offerNodeRoutes(routes: NodeRoutes): void;
export function nodeRoutes(): Promise<NodeRoutes>;
