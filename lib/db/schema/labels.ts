// A workspace's labels and the conversations they are on.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { conversations } from './conversations';
import { workspaces } from './workspaces';

/** The chips' colours: each a background and text pair that passes WCAG AA (components/inbox/label-chip.tsx). */
export const LABEL_COLOURS = ['slate', 'red', 'amber', 'green', 'teal', 'blue', 'violet', 'pink'] as const;
export type LabelColour = (typeof LABEL_COLOURS)[number];

/** A label of a workspace: its name is unique there regardless of case (the unique index decides, not a read). */
export const labels = pgTable(
  'labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    colour: text('colour').$type<LabelColour>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('labels_workspace_name_idx').on(table.workspaceId, sql`lower(${table.name})`),
    check(
      'labels_colour_check',
      sql`${table.colour} in ('slate', 'red', 'amber', 'green', 'teal', 'blue', 'violet', 'pink')`,
    ),
  ],
);

/** The labels on a conversation; the pair is the key, so setting one twice is harmless. */
export const conversationLabels = pgTable(
  'conversation_labels',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  // The inbox's filter by label goes from the label to its conversations.
  (table) => [
    primaryKey({ columns: [table.conversationId, table.labelId] }),
    index('conversation_labels_label_idx').on(table.labelId, table.conversationId),
  ],
);
