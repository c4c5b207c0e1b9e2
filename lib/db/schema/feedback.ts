// Users' feedback on the product.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const FEEDBACK_CATEGORIES = ['product', 'widget', 'dashboard', 'support', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull(),
    email: text('email'),
    rating: smallint('rating').notNull(),
    category: text('category').$type<FeedbackCategory>().notNull(),
    message: text('message').notNull().default(''),
    page: text('page'),
    requestKey: text('request_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('feedback_uid_request_key_idx').on(table.uid, table.requestKey),
    index('feedback_created_idx').on(table.createdAt),
    check('feedback_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);
