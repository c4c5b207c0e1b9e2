// Saved replies: a workspace's prepared answers, inserted in the inbox's composer with `/`.
import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { workspaces } from './workspaces';

/**
 * A saved reply of a workspace: a title (unique in the workspace, whatever its case) and its text in English
 * and German (at least one). The creating request's key (per author) makes a repeated create find this row.
 */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    textEn: text('text_en'),
    textDe: text('text_de'),
    createdBy: text('created_by').notNull(),
    requestKey: text('request_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('saved_replies_title_idx').on(table.workspaceId, sql`lower(${table.title})`),
    uniqueIndex('saved_replies_request_key_idx').on(table.workspaceId, table.createdBy, table.requestKey),
    check('saved_replies_text_check', sql`${table.textEn} is not null or ${table.textDe} is not null`),
  ],
);
