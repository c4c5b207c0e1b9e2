import 'server-only';
import { eventStreamRoute } from '@/lib/realtime/node-route';
import { startChatStream } from './open';

/** GET /api/chat/:room/events on Node's response (npm start's server); the route handler elsewhere. */
export const chatEventsRoute = eventStreamRoute(
  'chat',
  /^\/api\/chat\/([^/]+)\/events$/,
  ['room'],
  (request, { room }) => startChatStream(room, request),
);
