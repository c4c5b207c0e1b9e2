// Support tickets and their threads.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const TICKET_CATEGORIES = ['billing', 'technical', 'account', 'other'] as const;
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull(),
    /** The author's e-mail at creation, for support staff. */
    email: text('email'),
    subject: text('subject').notNull(),
    category: text('category').$type<TicketCategory>().notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    /** The language the ticket was opened in: its e-mails' when the owner has saved none in the settings. */
    locale: text('locale').$type<'en' | 'de'>().notNull().default('en'),
    /** Client-chosen key: a double submit finds the first ticket instead of creating a second. */
    requestKey: text('request_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('tickets_uid_request_key_idx').on(table.uid, table.requestKey),
    index('tickets_uid_updated_idx').on(table.uid, table.updatedAt),
    index('tickets_status_updated_idx').on(table.status, table.updatedAt),
    check('tickets_status_check', sql`${table.status} in ('open', 'answered', 'closed')`),
    check('tickets_category_check', sql`${table.category} in ('billing', 'technical', 'account', 'other')`),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorUid: text('author_uid').notNull(),
    authorName: text('author_name'),
    /** Written by support staff (an admin), not by the ticket's owner. */
    staff: boolean('staff').notNull().default(false),
    body: text('body').notNull(),
    requestKey: text('request_key').notNull(),
    /**
     * When the ticket's owner was mailed this staff reply: claimed before sending (one e-mail per reply,
     * however often its request is repeated), released when the sending failed.
     */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ticket_messages_request_key_idx').on(table.ticketId, table.authorUid, table.requestKey),
    index('ticket_messages_ticket_created_idx').on(table.ticketId, table.createdAt),
  ],
);
