// What stays of a visitor's erasure (right to erasure): that it happened, never who was erased.
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { workspaces } from './workspaces';

/**
 * One erasure of a visitor: a random id, the workspace, the member who erased, when, and how much went. No
 * name, address or id of the visitor or their conversations, so nothing here leads back to them.
 */
export const visitorErasures = pgTable(
  'visitor_erasures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    erasedBy: text('erased_by').notNull(),
    conversations: integer('conversations').notNull(),
    messages: integer('messages').notNull(),
    transcriptRequests: integer('transcript_requests').notNull(),
    mails: integer('mails').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('visitor_erasures_workspace_idx').on(table.workspaceId, table.createdAt)],
);
