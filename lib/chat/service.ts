import 'server-only';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { chatMessages, chatMutes, chatRooms } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { CHAT_PAGE_SIZE, LOBBY, type ChatMessageView } from './constants';
import { roomIdSchema } from './schema';

/** NOTIFY channel of new chat messages; the payload names the room. */
export const CHAT_CHANNEL = 'chat_messages';

/** A public room (the lobby). */
export type Room = { id: string };

/**
 * Who posts: a signed-in user (their display name), or a guest under the name they chose, with their
 * signed identity (`guestId`, what a mute keys on; absent only where no browser posts, as in the seeding).
 */
export type Poster = { kind: 'user'; uid: string; name: string } | { kind: 'guest'; name: string; guestId?: string };

/** An event of a room's log: a message, or the removal of one (its own event id, the message's id). */
export type ChatEvent = { id: number; message: ChatMessageView } | { id: number; deleted: number };

type Row = typeof chatMessages.$inferSelect;

/** What a mute keys on: `user:<uid>`, `guest:<signed id>`, or null for a guest from before identities. */
export function authorKey(author: { authorUid: string | null; authorGuest: string | null }): string | null {
  if (author.authorUid) return `user:${author.authorUid}`;
  return author.authorGuest ? `guest:${author.authorGuest}` : null;
}

/** SQL: a mute that is in force (no end, or one still to come). */
export const muteInForce = or(isNull(chatMutes.expiresAt), gt(chatMutes.expiresAt, sql`now()`));

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

/** Serialises the writes of one room's log (messages and removals) until the transaction ends. */
export const lockRoom = (roomId: string) => sql`select pg_advisory_xact_lock(hashtext(${`chat:${roomId}`})::bigint)`;

/**
 * Stores a message and announces it. Inserts into one room are serialised by a transaction-scoped
 * advisory lock, so ids of a room grow in commit order and "after id N" never skips a message that
 * commits later; the NOTIFY goes out with the commit, to every instance listening. An author support
 * staff muted in the room is refused (403 `muted`), nothing written. A `requestKey` this author used in
 * the room before answers that message (`created: false`), stored and announced once.
 */
export async function postMessage(
  room: Room,
  poster: Poster,
  text: string,
  requestKey?: string | null,
): Promise<{ message: ChatMessageView; created: boolean }> {
  const db = await database();
  const author = {
    authorUid: poster.kind === 'user' ? poster.uid : null,
    authorGuest: poster.kind === 'guest' ? (poster.guestId ?? null) : null,
  };
  const key = authorKey(author);
  return db.transaction(async (tx) => {
    await tx.execute(lockRoom(room.id));
    const [inserted] = await tx
      .insert(chatMessages)
      .values({ room: room.id, ...author, authorName: poster.name, body: text, requestKey: requestKey ?? null })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const [first] = await tx
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.room, room.id),
            eq(chatMessages.requestKey, requestKey!),
            author.authorUid ? eq(chatMessages.authorUid, author.authorUid) : isNull(chatMessages.authorUid),
            author.authorGuest ? eq(chatMessages.authorGuest, author.authorGuest) : isNull(chatMessages.authorGuest),
          ),
        )
        .limit(1);
      return { message: messageView(first), created: false };
    }
    // Under the lock: a mute committed before this message is in force for it (the throw undoes the insert).
    if (
      key &&
      (
        await tx
          .select({ id: chatMutes.id })
          .from(chatMutes)
          .where(and(eq(chatMutes.room, room.id), eq(chatMutes.author, key), muteInForce))
          .limit(1)
      ).length
    )
      throw new ApiError('muted');
    await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${room.id})`);
    return { message: messageView(inserted), created: true };
  });
}

/**
 * The room's log after event `afterId`, in event order, at most `limit`: each message that is still
 * shown, and each removal (whose event id is drawn after the message's, so a reader that has the
 * message hears of its removal; one that missed both hears only of the removal, which it ignores).
 */
export async function eventsAfter(roomId: string, afterId: number, limit: number): Promise<ChatEvent[]> {
  const db = await database();
  const eventId = sql<number>`coalesce(${chatMessages.deletionId}, ${chatMessages.id})`;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.room, roomId), gt(eventId, afterId)))
    .orderBy(eventId)
    .limit(limit);
  return rows.map((row) =>
    row.deletionId ? { id: row.deletionId, deleted: row.id } : { id: row.id, message: messageView(row) },
  );
}

/** The latest `limit` messages of a room before `beforeId` (or the very latest), oldest first. */
export async function messagesBefore(
  roomId: string,
  beforeId: number | undefined,
  limit = CHAT_PAGE_SIZE,
): Promise<ChatMessageView[]> {
  const db = await database();
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.room, roomId),
        isNull(chatMessages.deletedAt),
        beforeId ? lt(chatMessages.id, beforeId) : undefined,
      ),
    )
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
    .where(and(eq(chatMessages.room, roomId), isNull(chatMessages.deletedAt)))
    .orderBy(desc(chatMessages.id))
    .offset(CHAT_PAGE_SIZE)
    .limit(1);
  return row?.id ?? 0;
}
