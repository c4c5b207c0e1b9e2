// Billing in local mode (no Stripe key): the test clock, the local subscription checkouts, the card on file,
// the charges the subscription engine makes and the reminders it sends about an unpaid one.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { subscriptions } from './billing';
import { workspaces } from './workspaces';

/** The test clock: one row (id 1) whose offset moves local billing time ahead of the database's now(). */
export const billingClock = pgTable(
  'billing_clock',
  {
    id: smallint('id').primaryKey().default(1),
    offsetSeconds: bigint('offset_seconds', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [check('billing_clock_single_row', sql`${table.id} = 1`)],
);

/**
 * A local checkout of a subscription (Stripe Checkout in subscription mode, simulated). One per workspace and
 * request key, so a repeated request opens the same one; once paid it names the subscription it created.
 */
export const subscriptionCheckouts = pgTable(
  'subscription_checkouts',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The owner who opened it: only they pay it. */
    uid: text('uid').notNull(),
    requestKey: text('request_key').notNull(),
    plan: text('plan').notNull(),
    interval: text('interval').$type<'month' | 'year'>().notNull(),
    trial: boolean('trial').notNull(),
    locale: text('locale').$type<'en' | 'de'>().notNull(),
    status: text('status').$type<'open' | 'complete'>().notNull().default('open'),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('subscription_checkouts_key_idx').on(table.workspaceId, table.requestKey)],
);

/** The card a workspace pays with (local mode), as the test checkout took it: never the number, only its end. */
export const paymentMethods = pgTable('payment_methods', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** Stripe's 4000 0000 0000 0341: attached, but every later charge fails. */
  failsCharges: boolean('fails_charges').notNull().default(false),
  updatedAt: updatedAt(),
});

export const CHARGE_KINDS = ['initial', 'renewal', 'proration'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/**
 * What the local engine charged a subscription: one charge per subscription, kind and period start (the unique
 * index), so a renewal that several instances process at once is charged once. `at` is billing time (the clock).
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ChargeKind>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'paid' | 'failed'>().notNull(),
    plan: text('plan').notNull(),
    interval: text('interval').$type<'month' | 'year'>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('charges_period_idx').on(table.subscriptionId, table.kind, table.periodStart),
    index('charges_subscription_idx').on(table.subscriptionId, table.at),
    check('charges_kind_check', sql`${table.kind} in ('initial', 'renewal', 'proration')`),
    check('charges_status_check', sql`${table.status} in ('paid', 'failed')`),
  ],
);

/**
 * What the local engine paid back of a charge (a consumer's withdrawal: the unused part). One refund per charge
 * (the unique index), so a repeated withdrawal refunds once; its credit note's source is the refund's id.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').$type<'withdrawal'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refunds_charge_idx').on(table.chargeId),
    check('refunds_amount_check', sql`${table.amountCents} > 0`),
    check('refunds_reason_check', sql`${table.reason} in ('withdrawal')`),
  ],
);

export const BILLING_NOTICES = ['overdue0', 'overdue3', 'overdue7', 'readOnly'] as const;
export type BillingNotice = (typeof BILLING_NOTICES)[number];

/** The e-mails about an unpaid subscription, claimed here: one per subscription, time it fell due and kind. */
export const billingNotices = pgTable(
  'billing_notices',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    pastDueSince: timestamp('past_due_since', { withTimezone: true }).notNull(),
    notice: text('notice').$type<BillingNotice>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.pastDueSince, table.notice] })],
);
