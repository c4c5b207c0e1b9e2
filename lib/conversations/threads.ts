import 'server-only';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { conversationMessages, conversations, messageColumns } from '@/lib/db/schema';
import { VISITOR_SENDERS } from '@/lib/db/schema/conversations';
import { THREAD_AROUND_MAX, THREAD_PAGE_SIZE, type MessageView } from './constants';
import { latestMessageId } from './log';
import { signal } from './signal';
import { messageView } from './views';
import { authorPhotoVersion } from './operator-photo';

export type ConversationRow = typeof conversations.$inferSelect;

/**
 * The latest `THREAD_PAGE_SIZE` messages of a conversation before `before` (or the very latest), oldest first, as
 * `reader` may read them: the visitor's side never gets the members' notes.
 */
export async function threadMessages(
  conversationId: string,
  reader: 'visitor' | 'operator',
  before?: number,
): Promise<MessageView[]> {
  const db = await database();
  const rows = await db
    .select({ ...messageColumns, photoVersion: authorPhotoVersion })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        before ? lt(conversationMessages.id, before) : undefined,
        reader === 'visitor' ? inArray(conversationMessages.sender, VISITOR_SENDERS) : undefined,
      ),
    )
    .orderBy(desc(conversationMessages.id))
    .limit(THREAD_PAGE_SIZE);
  return rows.reverse().map(messageView);
}

/**
 * A conversation's messages from a little before `messageId` (a search hit) to the newest, oldest first: at
 * least the latest page, and at most THREAD_AROUND_MAX (a longer rest comes without its newest end).
 */
export async function threadMessagesAround(conversationId: string, messageId: number): Promise<MessageView[]> {
  const db = await database();
  const ids = sql`select id from ${conversationMessages} where ${conversationMessages.conversationId} = ${conversationId}`;
  const latestPage = sql`coalesce((${ids} order by id desc offset ${THREAD_PAGE_SIZE - 1} limit 1), 0)`;
  // A message of another conversation opens the latest page.
  const anchor = sql`case when exists (${ids} and id = ${messageId})
    then least(coalesce((${ids} and id <= ${messageId} order by id desc offset ${THREAD_PAGE_SIZE / 2} limit 1), 0), ${latestPage})
    else ${latestPage} end`;
  const rows = await db
    .select({ ...messageColumns, photoVersion: authorPhotoVersion })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversationId), gte(conversationMessages.id, anchor)))
    .orderBy(asc(conversationMessages.id))
    .limit(THREAD_AROUND_MAX);
  return rows.map(messageView);
}

/**
 * Where a client's event stream starts after it read a list or a thread: the log's latest id, read
 * before the list (what commits in between comes twice; clients merge by id).
 */
export const streamCursor = latestMessageId;

/**
 * Moves one side's read position forward to `upTo` (never back), recounts that side's unread messages
 * from the other side, and tells both parties (the "seen" receipt).
 */
export async function markRead(
  conversation: ConversationRow,
  workspaceId: string,
  reader: 'visitor' | 'operator',
  upTo: number,
): Promise<{ unread: number; upTo: number }> {
  const db = await database();
  const readColumn = reader === 'visitor' ? conversations.visitorReadId : conversations.operatorReadId;
  const other = reader === 'visitor' ? 'operator' : 'visitor';
  return db.transaction(async (tx) => {
    // Never past the conversation's latest message: a position ahead would count later messages as seen.
    const position = sql`greatest(${readColumn}, least(${upTo}::bigint, ${conversations.lastMessageId}))`;
    const unread = sql<number>`(select count(*) from ${conversationMessages} where ${conversationMessages.conversationId} = ${conversation.id} and ${conversationMessages.sender} = ${other} and ${conversationMessages.id} > ${position})::int`;
    const [row] = await tx
      .update(conversations)
      .set(
        reader === 'visitor'
          ? { visitorReadId: position, visitorUnread: unread }
          : { operatorReadId: position, operatorUnread: unread },
      )
      .where(eq(conversations.id, conversation.id))
      .returning({
        read: readColumn,
        unread: reader === 'visitor' ? conversations.visitorUnread : conversations.operatorUnread,
      });
    await signal(tx, {
      k: 'r',
      ws: workspaceId,
      v: conversation.visitorId,
      c: conversation.id,
      s: reader,
      u: row.read,
      n: row.unread,
    });
    return { unread: row.unread, upTo: row.read };
  });
}

/** Tells the other party that `sender` is typing (or stopped); nothing is stored. */
export async function announceTyping(
  conversation: ConversationRow,
  workspaceId: string,
  sender: 'visitor' | 'operator',
  typing: boolean,
): Promise<void> {
  await signal(await database(), {
    k: 't',
    ws: workspaceId,
    v: conversation.visitorId,
    c: conversation.id,
    s: sender,
    on: typing,
  });
}
