import 'server-only';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import {
  conversationMessages,
  conversations,
  messageColumns,
  visitors,
  widgets,
  type MessageRow,
} from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { LoggedEvent } from '@/lib/realtime/hub';
import { loggedFrame } from '@/lib/realtime/hub';
import { VISITOR_SENDERS, type MessageSender } from '@/lib/db/schema/conversations';
import type { InboxConversationView, MessageView, VisitorConversationView } from './constants';
import { signal } from './signal';
import { authorPhotoVersion, operatorPhotoPath } from './operator-photo';
import {
  inboxColumns,
  inboxConversationView,
  messageView,
  preview,
  ratedColumn,
  visitorConversationView,
} from './views';

/**
 * Every message of every conversation is inserted under one transaction-scoped lock, so message ids
 * grow in commit order across all conversations: "everything after id N" is then exact for a visitor's
 * conversations and for a workspace's inbox over several widgets with one Last-Event-ID. The lock is held
 * for one insert, one update and the NOTIFY.
 */
export async function lockMessageOrder(tx: Pick<Executor, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7215300418)`);
}

/**
 * 403 `visitorBlocked` for a blocked visitor, read under a share lock on their row: a block committed before
 * is seen, and one still running waits for this message, so no message of theirs lands after a block.
 */
async function assertNotBlocked(tx: Executor, visitorId: string): Promise<void> {
  const [row] = await tx
    .select({ blockedAt: visitors.blockedAt })
    .from(visitors)
    .where(eq(visitors.id, visitorId))
    .for('share');
  if (row?.blockedAt) throw new ApiError('visitorBlocked');
}

export type NewMessage = {
  conversation: { id: string; widgetId: string; visitorId: string };
  /** The workspace of the conversation's widget: its inbox streams hear the message. */
  workspaceId: string;
  sender: MessageSender;
  body: string;
  author?: { uid: string; name: string };
  requestKey?: string | null;
  /** For a `system` message: the status it records. */
  status?: 'open' | 'closed';
  /** For a `note`: the members it mentions. */
  mentions?: string[];
};

/**
 * Appends a message inside the caller's transaction and announces it with the commit. A message whose
 * request key was used before in that conversation is not added again: the first one is answered.
 * The sender has read everything up to their own message; the other side has one more unread.
 */
export async function appendMessage(
  tx: Executor,
  input: NewMessage,
): Promise<{ message: MessageRow; created: boolean }> {
  await lockMessageOrder(tx);
  const { conversation, sender } = input;
  if (sender === 'visitor') await assertNotBlocked(tx, conversation.visitorId);
  const [inserted] = await tx
    .insert(conversationMessages)
    .values({
      conversationId: conversation.id,
      widgetId: conversation.widgetId,
      sender,
      authorUid: input.author?.uid ?? null,
      authorName: input.author?.name ?? (sender === 'system' ? (input.status ?? null) : null),
      body: input.body,
      mentions: input.mentions ?? [],
      requestKey: input.requestKey ?? null,
    })
    .onConflictDoNothing({
      target: [conversationMessages.conversationId, conversationMessages.sender, conversationMessages.requestKey],
    })
    .returning(messageColumns);
  if (!inserted) {
    const [existing] = await tx
      .select(messageColumns)
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, conversation.id),
          eq(conversationMessages.sender, sender),
          eq(conversationMessages.requestKey, input.requestKey!),
        ),
      )
      .limit(1);
    return { message: existing, created: false };
  }
  if (sender === 'note') {
    await announceNote(tx, input.workspaceId, inserted);
    return { message: inserted, created: true };
  }
  const activity = {
    lastMessageId: inserted.id,
    lastMessageAt: inserted.createdAt,
    lastMessagePreview: preview(inserted.body),
    lastSender: sender,
  };
  const changes =
    sender === 'visitor'
      ? {
          ...activity,
          operatorUnread: sql`${conversations.operatorUnread} + 1`,
          visitorReadId: inserted.id,
          visitorUnread: 0,
          // A snoozed conversation is open again as soon as the visitor writes (and alerts as any message does).
          snoozedUntil: null,
        }
      : sender === 'operator'
        ? {
            ...activity,
            visitorUnread: sql`${conversations.visitorUnread} + 1`,
            operatorReadId: inserted.id,
            operatorUnread: 0,
          }
        : // Closing or reopening ends a snooze: either decides where the conversation is listed.
          {
            status: input.status,
            closedAt: input.status === 'closed' ? inserted.createdAt : null,
            closedAssigneeUid: input.status === 'closed' ? sql`${conversations.assigneeUid}` : null,
            snoozedUntil: null,
          };
  await tx.update(conversations).set(changes).where(eq(conversations.id, conversation.id));
  // The NOTIFY carries the event as both sides' streams show it, so no instance reads the log to deliver it;
  // a payload past PostgreSQL's limit names the scopes only, and they are read.
  const [row] = await inboxRows(tx).where(eq(conversations.id, conversation.id));
  const bare = { k: 'm', ws: input.workspaceId, v: conversation.visitorId } as const;
  const [photo] =
    sender === 'operator'
      ? await tx
          .select({ version: authorPhotoVersion })
          .from(conversationMessages)
          .where(eq(conversationMessages.id, inserted.id))
      : [];
  const event = {
    m: messageView(inserted),
    ph: operatorPhotoPath(inserted, photo?.version ?? null),
    vc: visitorConversationView(row.conversation, row.rating !== null),
    ic: inboxConversationView(row),
  };
  await signal(tx, { ...bare, e: event }, bare);
  return { message: inserted, created: true };
}

/**
 * A note changes nothing of its conversation (the visitor's last message, unread counts, read positions) and is
 * announced to the workspace's inboxes only: its signal names no visitor, so no visitor's stream can hear it.
 */
async function announceNote(tx: Executor, workspaceId: string, note: MessageRow) {
  const [row] = await inboxRows(tx).where(eq(conversations.id, note.conversationId));
  const bare = { k: 'n', ws: workspaceId } as const;
  await signal(tx, { ...bare, e: { m: messageView(note), ic: inboxConversationView(row) } }, bare);
}

/** The rows an inbox entry is made of, to be narrowed by the caller. */
function inboxRows(db: Pick<Executor, 'select'>) {
  return db
    .select(inboxColumns)
    .from(conversations)
    .innerJoin(visitors, eq(visitors.id, conversations.visitorId))
    .innerJoin(widgets, eq(widgets.id, conversations.widgetId));
}

/** The SSE frame of a message on a visitor's or an inbox's stream. */
export function messageFrame(
  message: MessageView,
  conversation: VisitorConversationView | InboxConversationView,
): Uint8Array {
  return loggedFrame(message.id, { message, conversation }, 'message');
}

/** The log as a visitor's stream has it: messages of their conversations after `after` (never a note). */
export async function visitorEvents(visitorId: string, after: number, limit: number): Promise<LoggedEvent[]> {
  const db = await database();
  const rows = await db
    .select({
      message: messageColumns,
      conversation: conversations,
      photoVersion: authorPhotoVersion,
      rated: ratedColumn,
    })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(
      and(
        eq(conversations.visitorId, visitorId),
        gt(conversationMessages.id, after),
        inArray(conversationMessages.sender, VISITOR_SENDERS),
      ),
    )
    .orderBy(asc(conversationMessages.id))
    .limit(limit);
  return rows.map(({ message, conversation, photoVersion, rated }) => ({
    id: message.id,
    frame: messageFrame(messageView({ ...message, photoVersion }), visitorConversationView(conversation, rated)),
  }));
}

/** The log as a workspace's inbox has it: messages of the conversations of its widgets after `after`. */
export async function inboxEvents(workspaceId: string, after: number, limit: number): Promise<LoggedEvent[]> {
  const db = await database();
  const rows = await db
    .select({ message: messageColumns, ...inboxColumns })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .innerJoin(visitors, eq(visitors.id, conversations.visitorId))
    .innerJoin(widgets, eq(widgets.id, conversationMessages.widgetId))
    .where(and(eq(widgets.workspaceId, workspaceId), gt(conversationMessages.id, after)))
    .orderBy(asc(conversationMessages.id))
    .limit(limit);
  return rows.map(({ message, ...row }) => ({
    id: message.id,
    frame: messageFrame(messageView(message), inboxConversationView(row)),
  }));
}

/** The id of the latest message of the log (where a stream without Last-Event-ID starts). */
export async function latestMessageId(): Promise<number> {
  const db = await database();
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${conversationMessages.id}), 0)::bigint`.mapWith(Number) })
    .from(conversationMessages);
  return row?.id ?? 0;
}
