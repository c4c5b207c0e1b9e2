// The public chat rooms, their messages and the authors muted in them.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** The public chat rooms (`lobby`). */
export const chatRooms = pgTable('chat_rooms', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Chat messages of every public room. `id` is the SSE event id: within a room it
 * grows in commit order (inserts of one room are serialised), so "everything after id N" is exact.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    room: text('room').notNull(),
    /** The signed-in author; null for a guest. */
    authorUid: text('author_uid'),
    authorName: text('author_name').notNull(),
    /** Written by the owner of a widget's room (rooms of widgets were replaced by conversations). */
    host: boolean('host').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** A guest author's signed identity (the `chat_guest` cookie's id); null for users and older guests. */
    authorGuest: text('author_guest'),
    /** Removed by support staff (kept, with who and when, but never shown again). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
    /**
     * The event id of the removal: drawn from the id sequence under the room's lock, so that a stream
     * resuming after Last-Event-ID hears of removals in commit order like it hears of messages.
     */
    deletionId: bigint('deletion_id', { mode: 'number' }),
    /** The posting client's key (kept across its retries): a repeated post answers the first message. */
    requestKey: text('request_key'),
  },
  (table) => [
    index('chat_messages_room_id_idx').on(table.room, table.id),
    // One message per key, room and author (a user, or a guest's signed identity); posts without a key repeat.
    uniqueIndex('chat_messages_request_key_idx')
      .on(table.room, sql`coalesce(${table.authorUid}, '')`, sql`coalesce(${table.authorGuest}, '')`, table.requestKey)
      .where(sql`${table.requestKey} is not null`),
    // The room's log: a message's own id, or its removal's once removed.
    index('chat_messages_room_event_idx').on(table.room, sql`coalesce(${table.deletionId}, ${table.id})`),
    index('chat_messages_author_guest_idx')
      .on(table.authorGuest)
      .where(sql`${table.authorGuest} is not null`),
  ],
);

/**
 * Authors support staff muted in a public room: `author` is `user:<uid>` or `guest:<signed id>`, one row
 * each (a repeated mute updates it). A mute whose `expires_at` has passed no longer applies.
 */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    room: text('room').notNull(),
    author: text('author').notNull(),
    /** The name the author last wrote under, for the staff's list. */
    authorName: text('author_name').notNull(),
    mutedBy: text('muted_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('chat_mutes_room_author_idx').on(table.room, table.author)],
);
