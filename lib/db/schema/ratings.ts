// The visitors' satisfaction ratings of closed conversations.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { conversations } from './conversations';
import { widgets } from './widgets';

/** The steps of a rating, 1 (very bad) to 5 (very good). */
export const RATING_SCORES = [1, 2, 3, 4, 5] as const;

/**
 * A visitor's rating of a closed conversation, one per conversation (its key), with what reports group by: the
 * widget, the conversation's language and the member it was assigned to when it closed (null: nobody).
 */
export const conversationRatings = pgTable(
  'conversation_ratings',
  {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    widgetId: text('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    locale: text('locale').$type<'en' | 'de'>().notNull(),
    assigneeUid: text('assignee_uid'),
    score: smallint('score').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (table) => [
    index('conversation_ratings_widget_idx').on(table.widgetId, table.createdAt),
    index('conversation_ratings_assignee_idx').on(table.assigneeUid, table.createdAt),
    check('conversation_ratings_score_check', sql`${table.score} between 1 and 5`),
  ],
);
