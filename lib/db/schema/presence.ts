// Operators' presence per workspace: their manual switch and the heartbeats of their open inboxes.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { workspaces } from './workspaces';

/** What an operator sets by hand; without a row (or with `status` null) their open inboxes decide. */
export const OPERATOR_SWITCHES = ['available', 'away'] as const;
export type OperatorSwitch = (typeof OPERATOR_SWITCHES)[number];

/** An operator's manual switch in a workspace: it wins over the heartbeats. */
export const operatorPresence = pgTable(
  'operator_presence',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    status: text('status').$type<OperatorSwitch>(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.uid] }),
    check('operator_presence_status_check', sql`${table.status} in ('available', 'away')`),
  ],
);

/**
 * One row per open inbox stream (a tab, a device), renewed by the instance serving it. A row fresher than
 * the grace (lib/conversations/operators.ts) makes its operator available; an ended stream's row is left to
 * age out, so a reload or a short network loss changes nothing.
 */
export const operatorHeartbeats = pgTable(
  'operator_heartbeats',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('operator_heartbeats_workspace_idx').on(table.workspaceId, table.uid, table.seenAt)],
);
