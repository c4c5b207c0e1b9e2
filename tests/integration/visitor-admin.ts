// A workspace member's calls on a visitor (block and unblock, erase, export: issue 39, point 8), the team that
// makes them, and a visitor's calls that a block refuses.
import { DELETE as erase } from '@/app/api/workspaces/[wid]/visitors/[vid]/route';
import { DELETE as unblock, POST as block } from '@/app/api/workspaces/[wid]/visitors/[vid]/block/route';
import { GET as exportData } from '@/app/api/workspaces/[wid]/visitors/[vid]/export/route';
import { POST as startVisitor } from '@/app/api/widgets/[id]/visitors/route';
import { POST as postMessage } from '@/app/api/widgets/[id]/conversations/[cid]/messages/route';
import { POST as startConversation } from '@/app/api/widgets/[id]/conversations/route';
import { join, verifiedAccount, type Client } from './members';
import { apiRequest } from './signed-in';
import { ownWidget, visitorRequest, type Visitor } from './visitors';

type Who = { cookie: string };
const ctx = (wid: string, vid: string) => ({ params: Promise.resolve({ wid, vid }) });
const path = (wid: string, vid: string) => `/api/workspaces/${wid}/visitors/${vid}`;
export const widgetCtx = (id: string, cid = '') => ({ params: Promise.resolve({ id, cid }) });

export const blockVisitor = (who: Who, wid: string, vid: string) =>
  block(apiRequest('POST', `${path(wid, vid)}/block`, who), ctx(wid, vid));
export const unblockVisitor = (who: Who, wid: string, vid: string) =>
  unblock(apiRequest('DELETE', `${path(wid, vid)}/block`, who), ctx(wid, vid));
export const eraseVisitor = (who: Who, wid: string, vid: string) =>
  erase(apiRequest('DELETE', path(wid, vid), who), ctx(wid, vid));
export const exportVisitor = (who: Who, wid: string, vid: string) =>
  exportData(apiRequest('GET', `${path(wid, vid)}/export`, who), ctx(wid, vid));

/** An owner's workspace with an admin and an agent and a widget, and a stranger with a widget of their own. */
export async function privacyTeam() {
  const [owner, admin, agent, stranger] = await Promise.all(
    ['owner', 'admin', 'agent', 'stranger'].map((prefix) => verifiedAccount(prefix)),
  );
  const { widgetId } = await ownWidget(owner);
  const { widgetId: otherWidgetId } = await ownWidget(stranger);
  await join(owner, owner.workspaceId, admin, 'admin');
  await join(owner, owner.workspaceId, agent, 'agent');
  return { owner, admin, agent, stranger, widgetId, otherWidgetId } as Record<
    'owner' | 'admin' | 'agent' | 'stranger',
    Client
  > & {
    widgetId: string;
    otherWidgetId: string;
  };
}

/** The visitor's message in their conversation `cid`. */
export const send = (widget: string, visitor: Visitor, cid: string, text: string) =>
  postMessage(
    visitorRequest(
      'POST',
      `/api/widgets/${widget}/conversations/${cid}/messages`,
      visitor.token,
      { text },
      {
        'x-forwarded-for': visitor.address,
      },
    ),
    widgetCtx(widget, cid),
  );
/** The visitor's new conversation. */
export const start = (widget: string, visitor: Visitor, text: string) =>
  startConversation(
    visitorRequest(
      'POST',
      `/api/widgets/${widget}/conversations`,
      visitor.token,
      { text },
      {
        'x-forwarded-for': visitor.address,
      },
    ),
    widgetCtx(widget),
  );
/** The widget's start with the visitor's token (a renewal). */
export const renew = (widget: string, visitor: Visitor) =>
  startVisitor(visitorRequest('POST', `/api/widgets/${widget}/visitors`, visitor.token, {}), widgetCtx(widget));

/** A refusal's status and code. */
export const errorOf = async (response: Response) => [response.status, (await response.json()).error?.code];
