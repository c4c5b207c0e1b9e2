import 'server-only';
import { eventStreamRoute } from '@/lib/realtime/node-route';
import { beginInboxStream, beginVisitorStream } from './streams';

/** GET /api/widgets/:id/events and /api/workspaces/:wid/inbox/events on Node's response (npm start's server). */
export const conversationEventRoutes = [
  eventStreamRoute('visitor events', /^\/api\/widgets\/([^/]+)\/events$/, ['id'], (request, { id }) =>
    beginVisitorStream(request, id),
  ),
  eventStreamRoute('inbox events', /^\/api\/workspaces\/([^/]+)\/inbox\/events$/, ['wid'], (request, { wid }) =>
    beginInboxStream(request, wid),
  ),
];
