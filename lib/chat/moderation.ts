import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { chatMessages, chatMutes } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { ChatMuteView } from './constants';
import { authorKey, CHAT_CHANNEL, lockRoom, muteInForce, type Room } from './service';

/** How many of a muted author's latest messages the staff's list names (to mark them in the room). */
const MUTED_MESSAGES = 100;

/**
 * Removes a message of `room` for everybody: kept with who removed it and when, never shown again, and
 * announced as a `deleted` event of the room's log (its id drawn under the room's lock, like a
 * message's). Removing a removed message changes nothing; an unknown one is a 404.
 */
export async function deleteMessage(room: Room, messageId: number, staffUid: string): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    await tx.execute(lockRoom(room.id));
    const removed = await tx
      .update(chatMessages)
      .set({
        deletedAt: sql`now()`,
        deletedBy: staffUid,
        deletionId: sql`nextval(pg_get_serial_sequence('chat_messages', 'id'))`,
      })
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.room, room.id), isNull(chatMessages.deletedAt)))
      .returning({ id: chatMessages.id });
    if (removed.length) {
      await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${room.id})`);
      return;
    }
    const [known] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.room, room.id)));
    if (!known) throw new ApiError('notFound');
  });
}

type MuteRow = Pick<typeof chatMutes.$inferSelect, 'id' | 'author' | 'authorName' | 'createdAt' | 'expiresAt'>;

async function muteView(room: Room, row: MuteRow): Promise<ChatMuteView> {
  const db = await database();
  const [kind, id] = [row.author.slice(0, row.author.indexOf(':')), row.author.slice(row.author.indexOf(':') + 1)];
  const messages = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.room, room.id),
        isNull(chatMessages.deletedAt),
        kind === 'user' ? eq(chatMessages.authorUid, id) : eq(chatMessages.authorGuest, id),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(MUTED_MESSAGES);
  return {
    id: row.id,
    name: row.authorName,
    guest: kind === 'guest',
    mutedAt: row.createdAt.toISOString(),
    until: row.expiresAt?.toISOString() ?? null,
    messageIds: messages.map((message) => message.id),
  };
}

/**
 * Mutes the author of message `messageId` in `room` (by their uid, or a guest by their signed identity)
 * for `minutes`, or until unmuted. One row per author: a repeated mute sets the new duration.
 * `created` is false for a repeat.
 */
export async function muteAuthor(
  room: Room,
  messageId: number,
  staffUid: string,
  minutes?: number,
): Promise<{ mute: ChatMuteView; created: boolean }> {
  const db = await database();
  const [message] = await db
    .select({
      authorUid: chatMessages.authorUid,
      authorGuest: chatMessages.authorGuest,
      authorName: chatMessages.authorName,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.room, room.id)));
  if (!message) throw new ApiError('notFound');
  const author = authorKey(message);
  if (!author) throw new ApiError('muteUnavailable');
  const expiresAt = minutes ? sql`now() + make_interval(mins => ${minutes})` : null;
  const [row] = await db
    .insert(chatMutes)
    .values({ room: room.id, author, authorName: message.authorName, mutedBy: staffUid, expiresAt })
    .onConflictDoUpdate({
      target: [chatMutes.room, chatMutes.author],
      set: { authorName: message.authorName, mutedBy: staffUid, createdAt: sql`now()`, expiresAt },
    })
    .returning({
      id: chatMutes.id,
      author: chatMutes.author,
      authorName: chatMutes.authorName,
      createdAt: chatMutes.createdAt,
      expiresAt: chatMutes.expiresAt,
      // PostgreSQL's mark of a row this statement inserted rather than updated.
      created: sql<boolean>`(xmax = 0)`,
    });
  return { mute: await muteView(room, row), created: row.created };
}

/** Lifts a mute of `room`; lifting one that is gone changes nothing. */
export async function unmute(room: Room, muteId: string): Promise<void> {
  const db = await database();
  await db.delete(chatMutes).where(and(eq(chatMutes.id, muteId), eq(chatMutes.room, room.id)));
}

/** The mutes in force in `room`, newest first, each with the author's latest messages there. */
export async function listMutes(room: Room): Promise<ChatMuteView[]> {
  const db = await database();
  const rows = await db
    .select()
    .from(chatMutes)
    .where(and(eq(chatMutes.room, room.id), muteInForce))
    .orderBy(desc(chatMutes.createdAt));
  return Promise.all(rows.map((row) => muteView(room, row)));
}
