import 'server-only';
import { offerNodeRoutes } from '@/lib/node-bridge.mjs';
import { refuseMethod } from '@/lib/api/node';
import { chatEventsRoute } from '@/lib/chat/node-stream';
import { conversationEventRoutes } from '@/lib/conversations/node-routes';

/**
 * Offers the event streams and the translated 405 to npm start's server (scripts/server.mjs), which answers them on
 * Node's response.
 */
export function offerNodeAnswers(): void {
  offerNodeRoutes({ routes: [chatEventsRoute, ...conversationEventRoutes], refuseMethod });
}
