// The limits shared by every instance: request counters and the slots of open event streams.
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The limits' counters, shared by every instance (lib/limits): `hits` of a bucket's key in the window
 * that ends at `resets_at` (it starts with the first hit). A row past `resets_at` counts from zero again
 * on the next hit; the sweep deletes such rows.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key] }),
    index('rate_limits_resets_at_idx').on(table.resetsAt),
  ],
);

/**
 * Open event streams (lib/limits/leases): slot 1…max of a bucket's key, held by the process serving the
 * stream. The primary key is the limit: two streams never hold one slot. A slot is taken while its
 * holder is alive (`lease_holders`); one whose holder died is free again.
 */
export const streamLeases = pgTable(
  'stream_leases',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    slot: integer('slot').notNull(),
    /** The stream's random id: only it releases the slot. */
    token: uuid('token').notNull(),
    holder: uuid('holder').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key, table.slot] }),
    uniqueIndex('stream_leases_token_idx').on(table.token),
    index('stream_leases_holder_idx').on(table.holder),
  ],
);

/**
 * The processes that hold stream slots: alive while `expires_at` is ahead, which each renews every few
 * seconds (one row per process, however many streams it serves).
 */
export const leaseHolders = pgTable('lease_holders', {
  id: uuid('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
