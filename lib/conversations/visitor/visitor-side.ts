import 'server-only';
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { database } from '@/lib/db';
import { conversationMessages, messageColumns, conversations, visitors, widgets } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { FieldIssue } from '@/lib/api/fields';
import { requestKey } from '@/lib/api/idempotency';
import { takeVisitorPostAllowance } from '@/lib/chat/limits';
import { OPEN_CONVERSATIONS_MAX, type MessageView, type VisitorConversationView } from '../constants';
import { appendMessage, lockMessageOrder } from '../log';
import type { postMessageSchema, startConversationSchema } from '../schema';
import { streamCursor, threadMessages, type ConversationRow } from '../threads';
import { messageView, ratedColumn, visitorConversationView } from '../views';
import type { requireVisitorConversation, VisitorRow } from './visitors';
import { alertOperatorsLater } from '../alert-mail';
import { entitlementOf } from '@/lib/billing/entitlements';
import { hasFeature } from '@/lib/billing/plans';
import { isServed } from '@/lib/widgets/plan';
import { autoAssign, lockAssignments } from '../assignment';
import { describeDatabaseError } from '@/lib/db/errors';

type Widget = Pick<
  typeof widgets.$inferSelect,
  'id' | 'workspaceId' | 'preChat' | 'locale' | 'autoAssign' | 'assignCapacity' | 'createdAt' | 'deactivatedAt'
>;

/** A conversation's row with whether its visitor rated it. */
const ownColumns = { ...getTableColumns(conversations), rated: ratedColumn };
export type OwnConversation = ConversationRow & { rated: boolean };

/** The visitor's conversations, latest activity first, and where their event stream starts. */
export async function listVisitorConversations(
  visitor: VisitorRow,
): Promise<{ conversations: VisitorConversationView[]; cursor: number }> {
  const cursor = await streamCursor();
  const db = await database();
  const rows = await db
    .select(ownColumns)
    .from(conversations)
    .where(eq(conversations.visitorId, visitor.id))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(50);
  return { conversations: rows.map((row) => visitorConversationView(row, row.rated)), cursor };
}

/** One of the visitor's own conversations; anything else, another visitor's included, is a 404. */
export async function ownConversation(visitor: VisitorRow, conversationId: string): Promise<OwnConversation> {
  const db = await database();
  const [row] = await db
    .select(ownColumns)
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.visitorId, visitor.id),
        eq(conversations.widgetId, visitor.widgetId),
      ),
    )
    .limit(1);
  if (!row) throw new ApiError('notFound');
  return row;
}

export async function visitorThread(visitor: VisitorRow, conversationId: string, before?: number) {
  const conversation = await ownConversation(visitor, conversationId);
  const cursor = await streamCursor();
  return {
    conversation: visitorConversationView(conversation, conversation.rated),
    messages: await threadMessages(conversation.id, 'visitor', before),
    cursor,
  };
}

/** What the widget's pre-chat form requires and the visitor has not given yet (400 naming the fields). */
function requirePreChat(widget: Widget, visitor: VisitorRow, input: { name?: string; email?: string }) {
  const missing: Record<string, FieldIssue> = {};
  if (widget.preChat !== 'off' && !visitor.name && !input.name) missing.name = { code: 'required' };
  if (widget.preChat === 'nameEmail' && !visitor.email && !input.email) missing.email = { code: 'required' };
  if (Object.keys(missing).length > 0) throw new ApiError('invalidBody', missing);
}

/**
 * Starts a conversation with its first message. A repeated request key answers the conversation it
 * started; at most OPEN_CONVERSATIONS_MAX are open at once (409), counted under the message lock so
 * that concurrent starts cannot pass it together. Messages count against the visitor's limit, keyed by
 * the signed visitor id and the client address.
 */
export async function startConversation(
  widget: Widget,
  visitor: VisitorRow,
  input: z.infer<typeof startConversationSchema>,
  address: string,
): Promise<{ conversation: VisitorConversationView; message: MessageView; created: boolean }> {
  if (visitor.blockedAt) throw new ApiError('visitorBlocked');
  requirePreChat(widget, visitor, input);
  const key = requestKey(input.requestKey, visitor.id, [input.text]);
  const db = await database();
  const entitlement = await entitlementOf(widget.workspaceId, db);
  // A widget deactivated, or beyond its plan's widgets, starts nothing (lib/widgets/plan.ts).
  if (!(await isServed(widget, entitlement, db))) throw new ApiError('notFound');
  // The widget's setting counts while the plan has the feature (a downgrade keeps the setting, not the feature).
  const assigning = widget.autoAssign && !!entitlement && hasFeature(entitlement.plan, 'autoAssign');
  const started = await db.transaction(async (tx) => {
    // Before the message lock (giveOutWaiting holds it alone), so that the two never wait on each other.
    if (assigning) await lockAssignments(tx, widget.workspaceId);
    await lockMessageOrder(tx);
    const [existing] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.visitorId, visitor.id), eq(conversations.requestKey, key)))
      .limit(1);
    if (existing) {
      const [first] = await tx
        .select(messageColumns)
        .from(conversationMessages)
        .where(
          and(
            eq(conversationMessages.conversationId, existing.id),
            eq(conversationMessages.sender, 'visitor'),
            eq(conversationMessages.requestKey, key),
          ),
        );
      return { conversation: existing, message: first, created: false };
    }
    const [{ open }] = await tx
      .select({ open: count() })
      .from(conversations)
      .where(and(eq(conversations.visitorId, visitor.id), eq(conversations.status, 'open')));
    if (open >= OPEN_CONVERSATIONS_MAX)
      throw new ApiError('tooManyConversations', undefined, undefined, { max: OPEN_CONVERSATIONS_MAX });
    await takeVisitorPostAllowance(widget.id, visitor.id, address, tx);
    // Only what the visitor has not given yet: a returning visitor's same address changes nothing.
    const details = {
      ...(input.name && !visitor.name && { name: input.name }),
      ...(input.email && !visitor.email && { email: input.email }),
    };
    if (Object.keys(details).length > 0) await tx.update(visitors).set(details).where(eq(visitors.id, visitor.id));
    const [conversation] = await tx
      .insert(conversations)
      .values({
        widgetId: widget.id,
        workspaceId: widget.workspaceId,
        visitorId: visitor.id,
        requestKey: key,
        pageUrl: input.pageUrl ?? null,
        pageTitle: input.pageTitle ?? null,
        locale: input.locale ?? visitor.locale ?? widget.locale,
      })
      .returning();
    // One that fails waits unassigned and is given out with the next heartbeat.
    if (assigning)
      await autoAssign(tx, widget, conversation.id).catch((error: Error) =>
        console.error(`conversations: auto-assignment failed: ${describeDatabaseError(error)}`),
      );
    const { message } = await appendMessage(tx, {
      conversation,
      workspaceId: widget.workspaceId,
      sender: 'visitor',
      body: input.text,
      requestKey: key,
    });
    return { conversation, message, created: true };
  });
  const [conversation] = await db
    .select(ownColumns)
    .from(conversations)
    .where(eq(conversations.id, started.conversation.id));
  // After the assignment: the alerts go to the assignee, or to every member while it waits unassigned.
  if (started.created) alertOperatorsLater(conversation.id, widget.workspaceId);
  return {
    conversation: visitorConversationView(conversation, conversation.rated),
    message: messageView(started.message),
    created: started.created,
  };
}

/** A visitor's message in their own open conversation (409 once it is closed). */
export async function postVisitorMessage(
  { widget, visitor, conversation }: Awaited<ReturnType<typeof requireVisitorConversation>>,
  input: z.infer<typeof postMessageSchema>,
  address: string,
): Promise<{ message: MessageView; created: boolean }> {
  if (visitor.blockedAt) throw new ApiError('visitorBlocked');
  if (conversation.status === 'closed') throw new ApiError('conversationClosed');
  await takeVisitorPostAllowance(widget.id, visitor.id, address);
  const db = await database();
  const { message, created } = await db.transaction(async (tx) => {
    if (input.pageUrl) {
      await tx
        .update(conversations)
        .set({ pageUrl: input.pageUrl, pageTitle: input.pageTitle ?? sql`${conversations.pageTitle}` })
        .where(eq(conversations.id, conversation.id));
    }
    return appendMessage(tx, {
      conversation,
      workspaceId: widget.workspaceId,
      sender: 'visitor',
      body: input.text,
      requestKey: input.requestKey,
    });
  });
  if (created) alertOperatorsLater(conversation.id, widget.workspaceId);
  return { message: messageView(message), created };
}
