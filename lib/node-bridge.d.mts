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
  /** The event streams (the chat's, a visitor's conversations, an owner's inbox), tried in order. */
  routes: NodeRoute[];
  /** Answers 405 in the caller's language with the methods the address takes. */
  refuseMethod(req: IncomingMessage, res: ServerResponse, allow: string): Promise<void>;
};
export function offerNodeRoutes(routes: NodeRoutes): void;
export function nodeRoutes(): Promise<NodeRoutes>;
