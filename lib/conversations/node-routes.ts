import 'server-only';
import { answerRoute } from '@/lib/api/node-route';
import { eventStreamRoute } from '@/lib/realtime/node-route';
import { answerOperatorReply, answerVisitorMessage } from './message-answers';
import { beginInboxStream, beginVisitorStream } from './streams';

/**
 * What npm start's server answers on Node's response: the visitor's and the inbox's event streams, and the
 * two messages' POSTs (a visitor's, an operator's reply), the requests that run for every chat message.
 */
export const conversationNodeRoutes = [
  eventStreamRoute('visitor events', /^\/api\/widgets\/([^/]+)\/events$/, ['id'], (request, { id }) =>
    beginVisitorStream(request, id),
  ),
  eventStreamRoute('inbox events', /^\/api\/workspaces\/([^/]+)\/inbox\/events$/, ['wid'], (request, { wid }) =>
    beginInboxStream(request, wid),
  ),
  answerRoute(
    'visitor message',
    'POST',
    /^\/api\/widgets\/([^/]+)\/conversations\/([^/]+)\/messages$/,
    ['id', 'cid'],
    answerVisitorMessage,
  ),
  answerRoute(
    'operator reply',
    'POST',
    /^\/api\/workspaces\/([^/]+)\/inbox\/([^/]+)\/messages$/,
    ['wid', 'cid'],
    answerOperatorReply,
  ),
];
