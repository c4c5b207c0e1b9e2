import 'server-only';
import { offerNodeRoutes } from '@/lib/node-bridge.mjs';
import { chatEventsRoute } from '@/lib/chat/node-stream';
import { conversationEventRoutes } from '@/lib/conversations/node-routes';

/** Offers every event stream to npm start's server (scripts/server.mjs), which serves them on Node's response. */
export function offerEventStreams(): void {
  offerNodeRoutes([chatEventsRoute, ...conversationEventRoutes]);
}
