// Types of node-bridge.mjs.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request npm start's server answers on Node's own response instead of handing it to Next. */
export type NodeRoute = {
  /** For logs. */
  name: string;
  /** The path's parameters when this route answers the request, else null. */
  match(method: string | undefined, url: string | undefined): Record<string, string> | null;
  serve(req: IncomingMessage, res: ServerResponse, params: Record<string, string>): Promise<void>;
};

export type NodeRoutes = {
  /** The event streams (the chat's, a visitor's conversations, an inbox) and the messages' POSTs, tried in order. */
  routes: NodeRoute[];
  /** Answers 405 in the caller's language with the methods the address takes. */
  refuseMethod(req: IncomingMessage, res: ServerResponse, allow: string): Promise<void>;
  /** What the server's drain (server/drain.mjs) asks of the app. */
  drain: {
    /** How long the requests in flight may take (DRAIN_TIMEOUT_MS). */
    timeoutMs: number;
    /** Tells every open event stream to reconnect and ends it; answers how many there were. */
    endStreams(): number;
    /** After the last request: the stream slots released, the e-mails under way sent, the database closed. */
    close(): Promise<void>;
  };
};
export function offerNodeRoutes(routes: NodeRoutes): void;
export function nodeRoutes(): Promise<NodeRoutes>;
