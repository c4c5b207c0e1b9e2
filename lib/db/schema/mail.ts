// The e-mails of local mode.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { visitors } from './conversations';

/** E-mails of local mode: what would have been sent, listed on /mailbox (production sends by SMTP). */
export const mails = pgTable(
  'mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The visitor a mail is about (to them, or to operators about them): erasing the visitor deletes it. */
    visitorId: text('visitor_id').references(() => visitors.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('mails_created_idx').on(table.createdAt), index('mails_visitor_idx').on(table.visitorId)],
);

/** The files attached to a mail of local mode (an invoice's PDF), offered for download on /mailbox. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mails.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('mail_attachments_mail_idx').on(table.mailId)],
);
