import 'server-only';
import { eventStreamRoute } from '@/lib/realtime/node-route';
import { beginInboxStream, beginVisitorStream } from './streams';

/** GET /api/widgets/:id/events and /api/conversations/events on Node's response (npm start's server). */
export const conversationEventRoutes = [
  eventStreamRoute('visitor events', /^\/api\/widgets\/([^/]+)\/events$/, ['id'], (request, { id }) =>
    beginVisitorStream(request, id),
  ),
  eventStreamRoute('inbox events', /^\/api\/conversations\/events$/, [], (request) => beginInboxStream(request)),
];
