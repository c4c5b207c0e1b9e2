// The pages a visitor viewed on the customer's site, as the widget's loader reports them (the inbox's context).
import { bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { visitors } from './conversations';

/** Pages kept per visitor: the newest ones (lib/conversations/visitor/pages.ts trims the rest). */
export const VISITOR_PAGES_MAX = 50;

/**
 * One row per visitor and address: a visit again (a reload, a report repeated) moves it to the top instead of
 * adding a row, so a repeated report does no harm; the visitor's erasure takes them along.
 */
export const visitorPages = pgTable(
  'visitor_pages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitorId: text('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('visitor_pages_visitor_url_idx').on(table.visitorId, table.url),
    index('visitor_pages_visitor_at_idx').on(table.visitorId, table.at),
  ],
);
