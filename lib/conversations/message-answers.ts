import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { assertSameOrigin, clientAddress, idempotencyHeader, readJson } from '@/lib/api/request';
import { requireSignedInUser } from '@/lib/session/server';
import { CONVERSATION_BODY_LIMIT } from './constants';
import { replyAsOperator } from './inbox/inbox';
import { conversationId, NO_STORE } from './request';
import { postMessageSchema } from './schema';
import { postVisitorMessage } from './visitor/visitor-side';
import { requireVisitorConversation } from './visitor/visitors';

// The answers to the two requests every chat message is: the route handlers' bodies, which npm start's server
// also gives without Next's router (./node-routes.ts). The caller wraps them in `handle`.

/** POST /api/widgets/:id/conversations/:cid/messages { text, requestKey?, pageUrl?, pageTitle? } (visitor token). */
export async function answerVisitorMessage(request: NextRequest, { id, cid }: Record<string, string>) {
  assertSameOrigin(request);
  const input = await readJson(request, postMessageSchema, CONVERSATION_BODY_LIMIT);
  const context = await requireVisitorConversation(request, id, cid);
  const { message, created } = await postVisitorMessage(
    context,
    { ...input, requestKey: idempotencyHeader(request) ?? input.requestKey },
    clientAddress(request),
  );
  return NextResponse.json({ message }, { status: created ? 201 : 200, headers: NO_STORE });
}

/** POST /api/workspaces/:wid/inbox/:cid/messages { text, requestKey? } (a member's session). */
export async function answerOperatorReply(request: NextRequest, { wid, cid }: Record<string, string>) {
  assertSameOrigin(request);
  const operator = await requireSignedInUser(request);
  const input = await readJson(request, postMessageSchema, CONVERSATION_BODY_LIMIT);
  const { message, created } = await replyAsOperator(operator, wid, conversationId(cid), {
    ...input,
    requestKey: idempotencyHeader(request) ?? input.requestKey,
  });
  return NextResponse.json({ message }, { status: created ? 201 : 200, headers: NO_STORE });
}
