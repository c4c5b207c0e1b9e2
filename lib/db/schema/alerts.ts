// What the alerts to operators need to hold across instances: whose dashboard is open, and which
// conversation each operator was last mailed about.
import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversationMessages, conversations } from './conversations';

/**
 * The dashboards open now, one row per event stream on any instance: `seenAt` is renewed while the stream is
 * open and moved back when it ends, so that the row lapses after a grace (a reload, a short network loss)
 * rather than at once; a stream of an instance that died lapses when it is no longer renewed.
 */
export const dashboardStreams = pgTable(
  'dashboard_streams',
  {
    id: uuid('id').primaryKey(),
    uid: text('uid').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dashboard_streams_uid_idx').on(table.uid, table.seenAt)],
);

/** The last e-mail to an operator about a conversation: the key is the once-per-10-minutes claim. */
export const operatorAlerts = pgTable(
  'operator_alerts',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.uid] }),
    index('operator_alerts_uid_idx').on(table.uid),
  ],
);

/** The e-mail to a member mentioned in a note: the key is the claim, so each note mails each person once. */
export const mentionMails = pgTable(
  'mention_mails',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => conversationMessages.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.uid] })],
);
