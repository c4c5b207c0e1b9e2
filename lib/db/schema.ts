// The database schema. drizzle-kit generates the migrations in drizzle/ from this file
// (`npm run db:generate`); the app applies them on start.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BusinessHours, LauncherPosition, PreChatMode, PresenceMode } from '@/lib/widgets/settings';
import type { ConversationStatus, MessageSender } from '@/lib/conversations/kinds';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // pg answers a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** Per-user settings, keyed by the Firebase uid; created on first use. */
export const profiles = pgTable('profiles', {
  uid: text('uid').primaryKey(),
  /** Interface language; null follows the browser. */
  locale: text('locale').$type<'en' | 'de'>(),
  theme: text('theme').$type<Theme>().notNull().default('system'),
  notifyTicketReplies: boolean('notify_ticket_replies').notNull().default(true),
  notifyOrderUpdates: boolean('notify_order_updates').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The signed-in user as the identity provider described them at sign-in (kept with the session). */
export type SessionProfile = {
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  providerIds: string[];
  /** Support staff: the provider's custom claim `admin: true` at sign-in. */
  admin: boolean;
};

/**
 * One row per sign-in. The cookie names its row; signing out, a password change, account deletion or a
 * disabled account revoke rows, so a copied cookie stops working.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull(),
    /** The user's profile: here rather than in the cookie, whose size browsers limit to 4 KB. */
    profile: jsonb('profile').$type<SessionProfile>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last time the identity provider confirmed the account (disabled, tokens revoked). */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_uid_idx').on(table.uid)],
);

/** The user's uploaded photo, resized on the server. */
export const avatars = pgTable('avatars', {
  uid: text('uid').primaryKey(),
  image: bytea('image').notNull(),
  contentType: text('content_type').notNull(),
  updatedAt: updatedAt(),
});

export const TICKET_CATEGORIES = ['billing', 'technical', 'account', 'other'] as const;
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull(),
    /** The author's e-mail at creation, for support staff. */
    email: text('email'),
    subject: text('subject').notNull(),
    category: text('category').$type<TicketCategory>().notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    /** The language the ticket was opened in: its e-mails' when the owner has saved none in the settings. */
    locale: text('locale').$type<'en' | 'de'>().notNull().default('en'),
    /** Client-chosen key: a double submit finds the first ticket instead of creating a second. */
    requestKey: text('request_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('tickets_uid_request_key_idx').on(table.uid, table.requestKey),
    index('tickets_uid_updated_idx').on(table.uid, table.updatedAt),
    index('tickets_status_updated_idx').on(table.status, table.updatedAt),
    check('tickets_status_check', sql`${table.status} in ('open', 'answered', 'closed')`),
    check('tickets_category_check', sql`${table.category} in ('billing', 'technical', 'account', 'other')`),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorUid: text('author_uid').notNull(),
    authorName: text('author_name'),
    /** Written by support staff (an admin), not by the ticket's owner. */
    staff: boolean('staff').notNull().default(false),
    body: text('body').notNull(),
    requestKey: text('request_key').notNull(),
    /**
     * When the ticket's owner was mailed this staff reply: claimed before sending (one e-mail per reply,
     * however often its request is repeated), released when the sending failed.
     */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ticket_messages_request_key_idx').on(table.ticketId, table.authorUid, table.requestKey),
    index('ticket_messages_ticket_created_idx').on(table.ticketId, table.createdAt),
  ],
);

export const FEEDBACK_CATEGORIES = ['product', 'widget', 'dashboard', 'support', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull(),
    email: text('email'),
    rating: smallint('rating').notNull(),
    category: text('category').$type<FeedbackCategory>().notNull(),
    message: text('message').notNull().default(''),
    page: text('page'),
    requestKey: text('request_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('feedback_uid_request_key_idx').on(table.uid, table.requestKey),
    index('feedback_created_idx').on(table.createdAt),
    check('feedback_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);

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

/**
 * An embeddable chat widget. `id` is public (it is in the snippet and the widget's URL). Each visitor of
 * the widget's sites has private conversations with its owner (`uid`).
 */
export const widgets = pgTable(
  'widgets',
  {
    id: text('id').primaryKey(),
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    /** Origins (`https://host[:port]`) whose pages may frame the widget. */
    allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull(),
    accentColor: text('accent_color').notNull(),
    greeting: text('greeting').notNull().default(''),
    /** The default language; with `followPageLanguage`, used when the visitor's language is neither. */
    locale: text('locale').$type<'en' | 'de'>().notNull(),
    /** Speak the visitor's language (the host page's, then the browser's); false: always `locale`. */
    followPageLanguage: boolean('follow_page_language').notNull().default(true),
    launcherPosition: text('launcher_position').$type<LauncherPosition>().notNull().default('right'),
    preChat: text('pre_chat').$type<PreChatMode>().notNull().default('off'),
    awayMessage: text('away_message').notNull().default(''),
    /** Null: no schedule (the widget never says when the team is back). */
    businessHours: jsonb('business_hours').$type<BusinessHours | null>(),
    /** Closed conversations are deleted this many days after closing; null keeps them. */
    retentionDays: integer('retention_days'),
    /** Signs the customer's users for identity verification (HMAC-SHA256); null until generated. */
    identitySecret: text('identity_secret'),
    /** Counts the secret's rotations: verified visitors' tokens of an earlier one are refused. */
    identityGeneration: integer('identity_generation').notNull().default(0),
    presence: text('presence').$type<PresenceMode>().notNull().default('auto'),
    /** Last time an operator had the inbox open (its event stream refreshes this). */
    operatorSeenAt: timestamp('operator_seen_at', { withTimezone: true }),
    /** Where notifications of waiting visitors go; null sends none. */
    notifyEmail: text('notify_email'),
    /** New visitors one client address may start per hour on this widget; null: CHAT_VISITORS_PER_HOUR. */
    visitorsPerHour: integer('visitors_per_hour'),
    /** The creating request's key: a repeated submit finds this widget instead of creating another. */
    requestKey: text('request_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('widgets_uid_idx').on(table.uid, table.createdAt),
    uniqueIndex('widgets_uid_request_key_idx').on(table.uid, table.requestKey),
    check('widgets_launcher_position_check', sql`${table.launcherPosition} in ('left', 'right')`),
    check('widgets_pre_chat_check', sql`${table.preChat} in ('off', 'name', 'nameEmail')`),
    check('widgets_presence_check', sql`${table.presence} in ('auto', 'available', 'away')`),
    check('widgets_retention_days_check', sql`${table.retentionDays} between 1 and 3650`),
    check('widgets_visitors_per_hour_check', sql`${table.visitorsPerHour} between 1 and 100000`),
  ],
);

/**
 * A visitor of a widget: a random id the widget keeps in its own storage (carried in a signed token), or
 * the customer's signed-in user (`userId`, verified by the widget secret), the same visitor on any device.
 */
export const visitors = pgTable(
  'visitors',
  {
    id: text('id').primaryKey(),
    widgetId: text('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    name: text('name'),
    email: text('email'),
    /** Signed by the customer's server (the details hash); false: the visitor's own word, never shown as verified. */
    nameVerified: boolean('name_verified').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** An address the visitor confirmed from its mailbox for transcripts; never the reply address `email`. */
    transcriptEmail: text('transcript_email'),
    locale: text('locale').$type<'en' | 'de'>(),
    createdAt: createdAt(),
    /** Last time the visitor had the widget open (its event stream refreshes this). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('visitors_widget_user_idx').on(table.widgetId, table.userId),
    index('visitors_widget_seen_idx').on(table.widgetId, table.lastSeenAt),
  ],
);

/**
 * A private conversation between one visitor and the widget's owner. The latest message, unread counts
 * and read positions are kept here, so the inbox is one indexed query.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    widgetId: text('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    status: text('status').$type<ConversationStatus>().notNull().default('open'),
    /** The creating request's key: a repeated submit finds this conversation. */
    requestKey: text('request_key').notNull(),
    /** The page the visitor wrote from, and its language. */
    pageUrl: text('page_url'),
    pageTitle: text('page_title'),
    locale: text('locale').$type<'en' | 'de'>().notNull(),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    lastSender: text('last_sender').$type<MessageSender>().notNull().default('visitor'),
    /** Messages of the other side after each side's read position. */
    operatorUnread: integer('operator_unread').notNull().default(0),
    visitorUnread: integer('visitor_unread').notNull().default(0),
    operatorReadId: bigint('operator_read_id', { mode: 'number' }).notNull().default(0),
    visitorReadId: bigint('visitor_read_id', { mode: 'number' }).notNull().default(0),
    /** Last e-mail to the owner about this conversation (at most one per 10 minutes). */
    ownerNotifiedAt: timestamp('owner_notified_at', { withTimezone: true }),
    /** Last operator reply e-mailed to the visitor, and the last transcript sent. */
    visitorNotifiedAt: timestamp('visitor_notified_at', { withTimezone: true }),
    transcriptSentAt: timestamp('transcript_sent_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('conversations_visitor_request_key_idx').on(table.visitorId, table.requestKey),
    index('conversations_widget_activity_idx').on(table.widgetId, table.lastMessageAt),
    index('conversations_visitor_activity_idx').on(table.visitorId, table.lastMessageAt),
    index('conversations_closed_idx').on(table.status, table.closedAt),
    check('conversations_status_check', sql`${table.status} in ('open', 'closed')`),
  ],
);

/**
 * Messages of the conversations. `id` is the event id of the visitor's and the owner's streams: inserts
 * are serialised, so ids grow in commit order and "everything after id N" is exact for any set of
 * conversations. `system` messages record a change of status (`closed`, `reopened`).
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    widgetId: text('widget_id').notNull(),
    sender: text('sender').$type<MessageSender>().notNull(),
    /** The operator who wrote it (their display name at the time). */
    authorUid: text('author_uid'),
    authorName: text('author_name'),
    body: text('body').notNull(),
    /** The client's key: a repeated submit finds this message instead of adding another. */
    requestKey: text('request_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('conversation_messages_conversation_idx').on(table.conversationId, table.id),
    index('conversation_messages_widget_idx').on(table.widgetId, table.id),
    uniqueIndex('conversation_messages_request_key_idx').on(table.conversationId, table.sender, table.requestKey),
    check('conversation_messages_sender_check', sql`${table.sender} in ('visitor', 'operator', 'system')`),
  ],
);

/**
 * A transcript asked for at an address nobody has confirmed yet: the link mailed there (its token's
 * SHA-256 here) sends it once. One per conversation and address; asking again re-arms it after 10 minutes.
 */
export const transcriptRequests = pgTable(
  'transcript_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('transcript_requests_conversation_email_idx').on(table.conversationId, table.email),
    uniqueIndex('transcript_requests_token_idx').on(table.tokenHash),
  ],
);

/** E-mails of local mode: what would have been sent, listed on /mailbox (production sends by SMTP). */
export const mails = pgTable(
  'mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('mails_created_idx').on(table.createdAt)],
);

/** The public chat rooms (`lobby`). */
export const chatRooms = pgTable('chat_rooms', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Chat messages of every public room. `id` is the SSE event id: within a room it
 * grows in commit order (inserts of one room are serialised), so "everything after id N" is exact.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    room: text('room').notNull(),
    /** The signed-in author; null for a guest. */
    authorUid: text('author_uid'),
    authorName: text('author_name').notNull(),
    /** Written by the owner of a widget's room (rooms of widgets were replaced by conversations). */
    host: boolean('host').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** A guest author's signed identity (the `chat_guest` cookie's id); null for users and older guests. */
    authorGuest: text('author_guest'),
    /** Removed by support staff (kept, with who and when, but never shown again). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
    /**
     * The event id of the removal: drawn from the id sequence under the room's lock, so that a stream
     * resuming after Last-Event-ID hears of removals in commit order like it hears of messages.
     */
    deletionId: bigint('deletion_id', { mode: 'number' }),
    /** The posting client's key (kept across its retries): a repeated post answers the first message. */
    requestKey: text('request_key'),
  },
  (table) => [
    index('chat_messages_room_id_idx').on(table.room, table.id),
    // One message per key, room and author (a user, or a guest's signed identity); posts without a key repeat.
    uniqueIndex('chat_messages_request_key_idx')
      .on(table.room, sql`coalesce(${table.authorUid}, '')`, sql`coalesce(${table.authorGuest}, '')`, table.requestKey)
      .where(sql`${table.requestKey} is not null`),
    // The room's log: a message's own id, or its removal's once removed.
    index('chat_messages_room_event_idx').on(table.room, sql`coalesce(${table.deletionId}, ${table.id})`),
    index('chat_messages_author_guest_idx')
      .on(table.authorGuest)
      .where(sql`${table.authorGuest} is not null`),
  ],
);

/**
 * Authors support staff muted in a public room: `author` is `user:<uid>` or `guest:<signed id>`, one row
 * each (a repeated mute updates it). A mute whose `expires_at` has passed no longer applies.
 */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    room: text('room').notNull(),
    author: text('author').notNull(),
    /** The name the author last wrote under, for the staff's list. */
    authorName: text('author_name').notNull(),
    mutedBy: text('muted_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('chat_mutes_room_author_idx').on(table.room, table.author)],
);

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
