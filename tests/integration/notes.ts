// Members' private notes in a thread (issue 39, point 2), as the inbox writes them, and the visitor's side as the
// widget reads it: the thread, its pages, the list, the event stream.
import { POST as postNote } from '@/app/api/workspaces/[wid]/inbox/[cid]/notes/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { apiRequest } from './signed-in';
import { converse, newVisitor, ownWidget } from './visitors';

type Member = { cookie: string; workspaceId: string };
const cidCtx = (wid: string, cid: string) => ({ params: Promise.resolve({ wid, cid }) });

/** POST …/inbox/:cid/notes as `who` (in their workspace unless `wid` says otherwise). */
export function note(who: Member, cid: string, body: unknown, headers: Record<string, string> = {}, wid?: string) {
  const workspace = wid ?? who.workspaceId;
  return postNote(
    apiRequest('POST', `/api/workspaces/${workspace}/inbox/${cid}/notes`, who, body, headers),
    cidCtx(workspace, cid),
  );
}

/** A note that must be taken: answers it. */
export async function noted(who: Member, cid: string, text: string) {
  const response = await note(who, cid, { text });
  expect([response.status, await response.clone().text()]).toEqual([201, expect.any(String)]);
  return (await response.json()).note as { id: number; text: string; sender: string; mentions: string[] };
}

/** An operator's reply that must be taken: answers it. */
export async function replied(who: Member, cid: string, text: string) {
  const response = await reply(
    apiRequest('POST', `/api/workspaces/${who.workspaceId}/inbox/${cid}/messages`, who, { text }),
    cidCtx(who.workspaceId, cid),
  );
  expect(response.status).toBe(201);
  return (await response.json()).message as { id: number; text: string };
}

/** An owner's widget with a visitor's conversation. */
export async function conversationOfVisitor(text = 'Where is my order?') {
  const { owner, widgetId } = await ownWidget();
  const visitor = await newVisitor(widgetId);
  const { conversation, message } = await converse(widgetId, visitor, text);
  return { owner, widgetId, visitor, conversationId: conversation.id, first: message };
}
