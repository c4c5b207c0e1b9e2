// Stripe's side of billing (Stripe mode): the customer each workspace is billed as, and the invoices Stripe
// reported for it, so that the billing page lists them without asking Stripe on every visit.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { workspaces } from './workspaces';

/**
 * One Stripe customer per workspace, created once: both columns are unique, so two first checkouts at the
 * same time keep one customer (Stripe's idempotency key per workspace gives both the same id).
 */
export const stripeCustomers = pgTable('stripe_customers', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * When the state of a Stripe subscription last written was read from Stripe (the database's clock as the
 * read began). Concurrent events read it at different times: an older read never overwrites a newer one.
 */
export const stripeSubscriptionReads = pgTable('stripe_subscription_reads', {
  subscriptionId: text('subscription_id').primaryKey(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
});

/** A Stripe invoice of a workspace's subscription, as Stripe last reported it (its webhook events). */
export const stripeInvoices = pgTable(
  'stripe_invoices',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    /** Stripe's invoice number (null while a draft). */
    number: text('number'),
    status: text('status'),
    /** In the currency's smallest unit, tax included. */
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    invoicePdf: text('invoice_pdf'),
    /** When the state written was read from Stripe (an older read never overwrites it). */
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    /** When Stripe created the invoice. */
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('stripe_invoices_workspace_idx').on(table.workspaceId, table.issuedAt)],
);
