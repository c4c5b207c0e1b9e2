// The shop: the catalogue, its orders and what the payment providers tell about them.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** The catalogue, seeded from data/products.json. */
export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<{ en: string; de: string }>().notNull(),
  description: jsonb('description').$type<{ en: string; de: string }>().notNull(),
  features: jsonb('features').$type<{ en: string[]; de: string[] }>().notNull(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull(),
  stripePriceId: text('stripe_price_id'),
  widgetLimit: integer('widget_limit'),
  active: boolean('active').notNull().default(true),
  highlighted: boolean('highlighted').notNull().default(false),
  position: integer('position').notNull().default(0),
  /** The last day of the price (an offer that ends); null: the price has no end. */
  priceValidUntil: date('price_valid_until'),
  /** When the row last changed (the sitemaps' lastmod); kept by a trigger, whoever changes the row. */
  updatedAt: updatedAt(),
});

/** `cancelled`: the buyer left the checkout (it was closed at the provider); `expired`: it timed out. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * What people read and say: `K7M4-Q2XD` on the success page, the receipt and the dashboard (the app
     * draws it, lib/shop/reference.ts; the default serves rows written otherwise). The id stays the
     * unguessable key that shows a guest's order.
     */
    reference: text('reference')
      .notNull()
      .default(
        sql`upper(substr(md5(gen_random_uuid()::text), 1, 4) || '-' || substr(md5(gen_random_uuid()::text), 1, 4))`,
      ),
    /** Null for a guest. */
    uid: text('uid'),
    email: text('email'),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    /** The gross amount: prices include VAT. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The VAT rate included in the amount, in basis points (1900: the German 19 %), as on the day of the order. */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull().default(1900),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    checkoutSessionId: text('checkout_session_id').unique(),
    /** Where the buyer pays: a repeated request of the same purchase is sent there again. */
    checkoutUrl: text('checkout_url'),
    /**
     * The purchase intent (the buy form's key, or the server's): one order and one checkout per key.
     * `requestHash` fingerprints the buyer and the request, so a key reused for another one is refused.
     */
    requestKey: text('request_key'),
    requestHash: text('request_hash'),
    /** Who takes the payment: `stripe` (Checkout) or `local` (the test checkout of local mode). */
    provider: text('provider').$type<PaymentProviderName>().notNull().default('local'),
    /** The buyer's language: the checkout's and the return pages'. */
    locale: text('locale').$type<'en' | 'de'>().notNull().default('en'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When the receipt went to `email`: claimed before sending (one receipt per order, whichever of the
     * payment's paths gets there first), released when the sending failed.
     */
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    /**
     * The status the buyer was last mailed about (lib/shop/order-mail.ts): claimed before sending, so a
     * redelivered event or a repeated request mails a change once; released when the sending failed.
     */
    notifiedStatus: text('notified_status').$type<OrderStatus>(),
    /** A guest's order attached to the account with its verified address (the dashboard says so). */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // A user's orders, and their paid ones (the plans they hold) without reading the others.
    index('orders_uid_status_idx').on(table.uid, table.status),
    // A guest's paid orders, found by address when its owner signs in.
    index('orders_guest_email_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.uid} is null`),
    uniqueIndex('orders_request_key_idx').on(table.requestKey),
    uniqueIndex('orders_reference_idx').on(table.reference),
    check('orders_status_check', sql`${table.status} in ('pending', 'paid', 'failed', 'expired', 'cancelled')`),
    check('orders_quantity_check', sql`${table.quantity} between 1 and 10`),
  ],
);

export type PaymentProviderName = 'stripe' | 'local';

/** Webhook events already applied (Stripe's event id): a redelivery changes nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * Sessions of the local test checkout (local mode, no Stripe key): what Stripe keeps for a Checkout
 * Session, for the app's own checkout page.
 */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  /** One checkout per order, as Stripe's idempotency key gives one Checkout Session per order. */
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
  paymentStatus: text('payment_status').$type<'unpaid' | 'paid'>().notNull().default('unpaid'),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  locale: text('locale').$type<'en' | 'de'>().notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
