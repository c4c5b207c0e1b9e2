import 'server-only';
import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { database } from '@/lib/db';
import { conversationLabels, conversations, visitors, widgets } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { requireWritable } from '@/lib/billing/entitlements';
import { toSingleLine } from '@/lib/api/schemas';
import type { SignedInUser } from '@/lib/session/server';
import { requirePermission, type WorkspaceAction } from '@/lib/workspaces/permissions';
import {
  INBOX_PAGE_SIZE,
  VISITOR_NAME_MAX,
  type InboxConversationView,
  type InboxPage,
  type InboxView,
  type MessageView,
} from '../constants';
import { appendMessage, type NewMessage } from '../log';
import { decodeInboxCursor, encodeInboxCursor, timestampOf } from './cursor';
import type { inboxFilterSchema, postMessageSchema } from '../schema';
import { markRead, streamCursor, threadMessages, threadMessagesAround } from '../threads';
import { inboxColumns, inboxConversationView, messageView } from '../views';
import { notifyVisitorLater } from '../notify';
import { signal } from '../signal';
import type { PresenceMode } from '@/lib/db/schema/widget-settings';

type Filter = z.infer<typeof inboxFilterSchema>;
export type WorkspaceConversation = {
  conversation: typeof conversations.$inferSelect;
  workspaceId: string;
  widgetName: string;
};

/**
 * Open: open and not snoozed, or snoozed until a time now past (so it holds on every instance without a job);
 * snoozed: open with a snooze time still ahead. Over the columns given, so that the search (which names the
 * conversation `c`) lists the same; both fit conversations_workspace_open_idx.
 */
export function statusFilter(
  status: 'open' | 'snoozed' | 'closed',
  columns: { status: SQLWrapper; snoozedUntil: SQLWrapper } = conversations,
): SQL | undefined {
  const open = eq(columns.status, 'open');
  if (status === 'open') return and(open, or(isNull(columns.snoozedUntil), lte(columns.snoozedUntil, sql`now()`)));
  if (status === 'snoozed') return and(open, gt(columns.snoozedUntil, sql`now()`));
  return eq(columns.status, 'closed');
}

function filterOf(filter: Filter): SQL | undefined {
  if (filter === 'open' || filter === 'snoozed' || filter === 'closed') return statusFilter(filter);
  if (filter === 'unread') return gt(conversations.operatorUnread, 0);
  return undefined;
}

function viewOf(view: InboxView, uid: string): SQL | undefined {
  if (view === 'mine') return eq(conversations.assigneeUid, uid);
  if (view === 'unassigned') return isNull(conversations.assigneeUid);
  return undefined;
}

/** Activity time in microseconds, exact (the page cursor's position). */
const activityMicros = sql<number>`(extract(epoch from ${conversations.lastMessageAt}) * 1000000)::bigint`.mapWith(
  Number,
);

/**
 * A page of a workspace's inbox (404 unless the operator is its member): conversations of its widgets (with
 * `label` only those that have it), latest activity first (ties by id), after
 * the position of `cursor` (keyset paging: a conversation that moves up meanwhile is neither repeated nor
 * skipped); and where its stream starts.
 */
export async function listInbox(
  operator: SignedInUser,
  workspaceId: string,
  query: { filter?: Filter; view?: InboxView; cursor?: string; label?: string } = {},
): Promise<InboxPage> {
  await requirePermission(operator, workspaceId, 'inbox.read');
  const after = query.cursor === undefined ? null : decodeInboxCursor(query.cursor);
  const cursor = await streamCursor();
  const db = await database();
  const rows = await db
    .select({ ...inboxColumns, at: activityMicros })
    .from(conversations)
    .innerJoin(widgets, eq(widgets.id, conversations.widgetId))
    .innerJoin(visitors, eq(visitors.id, conversations.visitorId))
    .where(
      and(
        eq(conversations.workspaceId, workspaceId),
        filterOf(query.filter ?? 'all'),
        viewOf(query.view ?? 'all', operator.uid),
        query.label === undefined
          ? undefined
          : sql`exists (select 1 from ${conversationLabels} where ${conversationLabels.conversationId} = ${conversations.id} and ${conversationLabels.labelId} = ${query.label})`,
        after
          ? sql`(${conversations.lastMessageAt}, ${conversations.id}) < (${timestampOf(after.at)}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(INBOX_PAGE_SIZE + 1);
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  const last = rows.length > INBOX_PAGE_SIZE ? page.at(-1)! : null;
  return {
    conversations: page.map(inboxConversationView),
    nextCursor: last && encodeInboxCursor({ at: last.at, id: last.conversation.id }),
    unread: await unreadConversations(workspaceId),
    cursor,
  };
}

/**
 * How many of a workspace's conversations have visitor messages no operator has read (the navigation's
 * badge). The caller has checked the membership.
 */
export async function unreadConversations(workspaceId: string): Promise<number> {
  const db = await database();
  const [row] = await db
    .select({ total: count() })
    .from(conversations)
    .where(and(gt(conversations.operatorUnread, 0), eq(conversations.workspaceId, workspaceId)));
  return row?.total ?? 0;
}

/**
 * A conversation of a widget of the workspace, for one of its members; any other id, workspace or operator
 * is a 404, as if it did not exist.
 */
export async function workspaceConversation(
  operator: SignedInUser,
  workspaceId: string,
  conversationId: string,
  action: WorkspaceAction = 'inbox.read',
): Promise<WorkspaceConversation> {
  await requirePermission(operator, workspaceId, action);
  const db = await database();
  const [row] = await db
    .select({ conversation: conversations, workspaceId: widgets.workspaceId, widgetName: widgets.name })
    .from(conversations)
    .innerJoin(widgets, eq(widgets.id, conversations.widgetId))
    .where(and(eq(conversations.id, conversationId), eq(widgets.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new ApiError('notFound');
  return row;
}

/** Entries of the inbox as they are now, by conversation id. */
export async function inboxEntries(conversationIds: string[]): Promise<Map<string, InboxConversationView>> {
  if (conversationIds.length === 0) return new Map();
  const db = await database();
  const rows = await db
    .select(inboxColumns)
    .from(conversations)
    .innerJoin(widgets, eq(widgets.id, conversations.widgetId))
    .innerJoin(visitors, eq(visitors.id, conversations.visitorId))
    .where(inArray(conversations.id, conversationIds));
  return new Map(rows.map((row) => [row.conversation.id, inboxConversationView(row)]));
}

/** One entry of the inbox as it is now. */
export async function inboxEntry(conversationId: string): Promise<InboxConversationView | null> {
  return (await inboxEntries([conversationId])).get(conversationId) ?? null;
}

/** A conversation with its latest messages, those `before` a message, or those `around` one (a search hit). */
export async function inboxThread(
  operator: SignedInUser,
  workspaceId: string,
  conversationId: string,
  { before, around }: { before?: number; around?: number } = {},
) {
  const { conversation } = await workspaceConversation(operator, workspaceId, conversationId);
  const cursor = await streamCursor();
  return {
    conversation: (await inboxEntry(conversation.id))!,
    messages: around
      ? await threadMessagesAround(conversation.id, around)
      : await threadMessages(conversation.id, 'operator', before),
    cursor,
  };
}

/** A member's message or note, unless the workspace is read-only: its payment overdue past the grace period. */
export async function appendToWritable(input: NewMessage) {
  const db = await database();
  return db.transaction(async (tx) => {
    await requireWritable(input.workspaceId, tx);
    return appendMessage(tx, input);
  });
}

/** How visitors see an operator: their display name, else the widget's name, never a part of their address. */
function operatorNameOf(operator: SignedInUser, widgetName: string): string {
  return toSingleLine(operator.displayName ?? '').slice(0, VISITOR_NAME_MAX) || widgetName;
}

/**
 * An operator's reply, under their display name. Replying needs an open conversation (409 once it is
 * closed: reopen first). A visitor who has left and gave an address gets it by e-mail.
 */
export async function replyAsOperator(
  operator: SignedInUser,
  workspaceId: string,
  conversationId: string,
  input: z.infer<typeof postMessageSchema>,
): Promise<{ message: MessageView; created: boolean }> {
  const { conversation, widgetName } = await workspaceConversation(
    operator,
    workspaceId,
    conversationId,
    'inbox.answer',
  );
  if (conversation.status === 'closed') throw new ApiError('conversationClosed');
  const name = operatorNameOf(operator, widgetName);
  const { message, created } = await appendToWritable({
    conversation,
    workspaceId,
    sender: 'operator',
    author: { uid: operator.uid, name },
    body: input.text,
    requestKey: input.requestKey,
  });
  if (created) notifyVisitorLater(conversation.id, { operator: name, text: message.body });
  return { message: messageView(message), created };
}

/** Closes or reopens a conversation; the change is a message of the log, so both parties see it live. */
export async function setConversationStatus(
  operator: SignedInUser,
  workspaceId: string,
  conversationId: string,
  status: 'open' | 'closed',
): Promise<void> {
  const { conversation } = await workspaceConversation(operator, workspaceId, conversationId, 'inbox.close');
  if (conversation.status === status) return;
  const db = await database();
  await db.transaction(async (tx) => {
    // Only one of two concurrent requests changes it (and records the change).
    const [changed] = await tx
      .update(conversations)
      .set({ status })
      .where(and(eq(conversations.id, conversation.id), sql`${conversations.status} <> ${status}`))
      .returning({ id: conversations.id });
    if (changed)
      await appendMessage(tx, {
        conversation,
        workspaceId,
        sender: 'system',
        body: status === 'closed' ? 'closed' : 'reopened',
        status,
      });
  });
}

export async function markReadByOperator(
  operator: SignedInUser,
  workspaceId: string,
  conversationId: string,
  upTo: number,
) {
  const { conversation } = await workspaceConversation(operator, workspaceId, conversationId);
  return markRead(conversation, workspaceId, 'operator', upTo);
}

/** Sets the availability switch of every widget of the workspace; their visitors see it at once. */
export async function setPresence(operator: SignedInUser, workspaceId: string, presence: PresenceMode): Promise<void> {
  await requirePermission(operator, workspaceId, 'inbox.answer');
  const db = await database();
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(widgets)
      .set({ presence })
      .where(eq(widgets.workspaceId, workspaceId))
      .returning({ id: widgets.id });
    for (const { id } of changed) await signal(tx, { k: 'p', w: id });
  });
}

/** The availability switch the workspace's widgets have (`auto` when it has none yet). */
export async function presenceSetting(operator: SignedInUser, workspaceId: string): Promise<PresenceMode> {
  await requirePermission(operator, workspaceId, 'inbox.read');
  const db = await database();
  const [row] = await db
    .select({ presence: widgets.presence })
    .from(widgets)
    .where(eq(widgets.workspaceId, workspaceId))
    .orderBy(widgets.createdAt)
    .limit(1);
  return row?.presence ?? 'auto';
}
