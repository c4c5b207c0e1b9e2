// Billing: a workspace's subscription to a plan (lib/billing/plans.ts), whichever provider takes the payments.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { workspaces } from './workspaces';
import type { PaymentProviderName } from './shop';

/**
 * Stripe's states, with `read_only` for a workspace whose payment stayed missing past the grace period
 * (past_due → read_only: the inbox readable, the widget away, nothing deleted) until it is paid.
 */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'read_only', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A workspace's subscription. One that is not canceled per workspace (the partial unique index); a canceled
 * one stays as history and a new checkout starts another. The provider's id is unique, so an event of Stripe
 * and the local engine's renewal find the same row.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** A paid plan (PaidPlanId). */
    plan: text('plan').notNull(),
    interval: text('interval').$type<'month' | 'year'>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade waiting for the end of the period (an upgrade applies at once). */
    pendingPlan: text('pending_plan'),
    pendingInterval: text('pending_interval').$type<'month' | 'year'>(),
    /** Since when a renewal is unpaid (the dunning e-mails and the grace period count from it). */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** When the contract was concluded (billing time): a consumer's 14-day withdrawal period runs from it. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When a consumer expressly asked the paid service to start before the withdrawal period ends (checkout). */
    immediateStartConsentAt: timestamp('immediate_start_consent_at', { withTimezone: true }),
    /** When the consumer withdrew from the contract (canceled at once, the unused part refunded). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('subscriptions_provider_id_idx').on(table.provider, table.providerSubscriptionId),
    uniqueIndex('subscriptions_one_current_idx')
      .on(table.workspaceId)
      .where(sql`${table.status} <> 'canceled'`),
    index('subscriptions_workspace_idx').on(table.workspaceId, table.createdAt),
    check('subscriptions_plan_check', sql`${table.plan} in ('starter', 'professional', 'business')`),
    check('subscriptions_interval_check', sql`${table.interval} in ('month', 'year')`),
    check(
      'subscriptions_status_check',
      sql`${table.status} in ('trialing', 'active', 'past_due', 'read_only', 'canceled')`,
    ),
  ],
);
