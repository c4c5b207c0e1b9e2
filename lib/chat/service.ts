import 'server-only';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { chatMessages, chatRooms } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { CHAT_PAGE_SIZE, LOBBY, type ChatMessageView } from './constants';
import { roomIdSchema } from './schema';

/** NOTIFY channel of new chat messages; the payload names the room. */
export const CHAT_CHANNEL = 'chat_messages';

/** A public room (the lobby). */
export type Room = { id: string };

/** Who posts: a signed-in user (their display name), or a guest under the name they chose. */
export type Poster = { kind: 'user'; uid: string; name: string } | { kind: 'guest'; name: string };

type Row = typeof chatMessages.$inferSelect;

export function messageView(row: Row): ChatMessageView {
  return {
    id: row.id,
    room: row.room,
    text: row.body,
    createdAt: row.createdAt.toISOString(),
    author: {
      name: row.authorName,
      avatarUrl: row.authorUid ? `/api/avatars/${encodeURIComponent(row.authorUid)}` : null,
      guest: !row.authorUid,
      host: row.host,
    },
  };
}

/** The lobby, or another public room of `chat_rooms`; null (→ 404) for anything else. */
export async function findRoom(id: string): Promise<Room | null> {
  if (!roomIdSchema.safeParse(id).success) return null;
  if (id === LOBBY) return { id };
  const db = await database();
  const [room] = await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, id)).limit(1);
  return room ?? null;
}

export async function requireRoom(id: string): Promise<Room> {
  const room = await findRoom(id);
  if (!room) throw new ApiError('notFound');
  return room;
}

/**
 * Stores a message and announces it. Inserts into one room are serialised by a transaction-scoped
 * advisory lock, so ids of a room grow in commit order and "after id N" never skips a message that
 * commits later; the NOTIFY goes out with the commit, to every instance listening.
 */
export async function postMessage(room: Room, poster: Poster, text: string): Promise<ChatMessageView> {
  const db = await database();
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:${room.id}`})::bigint)`);
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        room: room.id,
        authorUid: poster.kind === 'user' ? poster.uid : null,
        authorName: poster.name,
        body: text,
      })
      .returning();
    await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${room.id})`);
    return inserted;
  });
  return messageView(row);
}

/** Messages of a room after `afterId`, oldest first, at most `limit`. */
export async function messagesAfter(roomId: string, afterId: number, limit: number): Promise<ChatMessageView[]> {
  const db = await database();
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.room, roomId), gt(chatMessages.id, afterId)))
    .orderBy(chatMessages.id)
    .limit(limit);
  return rows.map(messageView);
}

/** The latest `limit` messages of a room before `beforeId` (or the very latest), oldest first. */
export async function messagesBefore(roomId: string, beforeId: number | undefined, limit = CHAT_PAGE_SIZE): Promise<ChatMessageView[]> {
  const db = await database();
  const rows = await db
    .select()
    .from(chatMessages)
    .where(beforeId ? and(eq(chatMessages.room, roomId), lt(chatMessages.id, beforeId)) : eq(chatMessages.room, roomId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(messageView);
}

/** The id after which a new subscriber starts: just before the room's latest `CHAT_PAGE_SIZE` messages. */
export async function latestCursor(roomId: string): Promise<number> {
  const db = await database();
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.room, roomId))
    .orderBy(desc(chatMessages.id))
    .offset(CHAT_PAGE_SIZE)
    .limit(1);
  return row?.id ?? 0;
}
