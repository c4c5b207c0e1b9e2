import 'server-only';
import { clientAddress } from '@/lib/api/request';
import { eventStreamRoute } from '@/lib/realtime/node-route';
import { startChatStream } from './open';

/** GET /api/chat/:room/events on Node's response (npm start's server); the route handler elsewhere. */
export const chatEventsRoute = eventStreamRoute('chat', /^\/api\/chat\/([^/]+)\/events$/, ['room'], (request, { room }) =>
  startChatStream(room, request.headers.get('last-event-id') ?? request.nextUrl.searchParams.get('lastEventId'), clientAddress(request)),
);
