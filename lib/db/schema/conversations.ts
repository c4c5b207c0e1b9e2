// The widgets' visitors and their private conversations with the widget's owner.
import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tsvector } from './columns';
import { widgets } from './widgets';
import { workspaces } from './workspaces';

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
/** `note`: a member's private note in a thread, for the members only (never the visitor's side). */
export const MESSAGE_SENDERS = ['visitor', 'operator', 'system', 'note'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];
/** What the visitor's side may read of a thread: every query of theirs names these, so notes stay out. */
export const VISITOR_SENDERS = ['visitor', 'operator', 'system'] as const;
/** What the customer's page says of a visitor (`setAttributes`): shown to operators, never verified. */
export type VisitorAttributes = Record<string, string | number | boolean>;

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
    attributes: jsonb('attributes').$type<VisitorAttributes>().notNull().default({}),
    createdAt: createdAt(),
    /** Last time the visitor had the widget open (its event stream refreshes this). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Blocked by a member (`blockedBy`, a uid): the visitor can no longer write to the workspace's widgets. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedBy: text('blocked_by'),
    /**
     * The visitor's context as their widget reports it once they have written (visitor_pages holds the pages): the
     * last referrer from another site, browser and OS parsed from the User-Agent, their IANA time zone.
     */
    referrer: text('referrer'),
    browser: text('browser'),
    os: text('os'),
    timeZone: text('time_zone'),
    /** The last page report (the inbox reloads the pages when it moves). */
    pageAt: timestamp('page_at', { withTimezone: true }),
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
    /** The widget's workspace (widgets never move): the inbox's pages are one index range of it. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
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
    /** Last operator reply e-mailed to the visitor, and the last transcript sent. */
    visitorNotifiedAt: timestamp('visitor_notified_at', { withTimezone: true }),
    transcriptSentAt: timestamp('transcript_sent_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The assignee when it was last closed: whom the visitor's rating is about (null: nobody, or open). */
    closedAssigneeUid: text('closed_assignee_uid'),
    /** The member who answers it (null: unassigned), and since when (auto-assignment's tie-break). */
    assigneeUid: text('assignee_uid'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** Out of the open list until then (or until the visitor writes, which clears it); past: open again. */
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('conversations_visitor_request_key_idx').on(table.visitorId, table.requestKey),
    index('conversations_widget_activity_idx').on(table.widgetId, table.lastMessageAt),
    // The inbox's pages (keyset on activity and id) in a workspace of any number of widgets, and its filters.
    index('conversations_workspace_activity_idx').on(table.workspaceId, table.lastMessageAt, table.id),
    // Open and Snoozed (snoozed_until past or future) read this one, filtering on snoozed_until.
    index('conversations_workspace_open_idx')
      .on(table.workspaceId, table.lastMessageAt, table.id)
      .where(sql`${table.status} = 'open'`),
    index('conversations_workspace_unread_idx')
      .on(table.workspaceId, table.lastMessageAt, table.id)
      .where(sql`${table.operatorUnread} > 0`),
    // Reports: a workspace's conversations started in a period, and the keyset pages of their drill-down and export.
    index('conversations_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id),
    index('conversations_visitor_activity_idx').on(table.visitorId, table.lastMessageAt),
    index('conversations_closed_idx').on(table.status, table.closedAt),
    // The views Mine and Unassigned, and an operator's open load for auto-assignment.
    index('conversations_assignee_activity_idx').on(table.assigneeUid, table.lastMessageAt),
    index('conversations_unassigned_activity_idx')
      .on(table.workspaceId, table.lastMessageAt, table.id)
      .where(sql`${table.assigneeUid} is null`),
    check('conversations_status_check', sql`${table.status} in ('open', 'closed')`),
  ],
);

/**
 * Messages of the conversations. `id` is the event id of the visitor's and the owner's streams: inserts
 * are serialised, so ids grow in commit order and "everything after id N" is exact for any set of
 * conversations. `system` messages record a change of status (`closed`, `reopened`); `note`s are the members'
 * own (no visitor query reads them: VISITOR_SENDERS).
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
    /** A note's mentioned members (uids), resolved at the server from the workspace's members. */
    mentions: text('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The client's key: a repeated submit finds this message instead of adding another. */
    requestKey: text('request_key'),
    createdAt: createdAt(),
    /**
     * The text stemmed in German and in English (a visitor writes in either, whatever the page's language),
     * so that "Rechnungen" finds "Rechnung" and "invoice" finds "invoices" (lib/conversations/inbox/search.ts).
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('german', body) || to_tsvector('english', body)`),
  },
  (table) => [
    index('conversation_messages_conversation_idx').on(table.conversationId, table.id),
    index('conversation_messages_search_idx').using('gin', table.search),
    index('conversation_messages_widget_idx').on(table.widgetId, table.id),
    uniqueIndex('conversation_messages_request_key_idx').on(table.conversationId, table.sender, table.requestKey),
    check('conversation_messages_sender_check', sql`${table.sender} in ('visitor', 'operator', 'system', 'note')`),
  ],
);

/** A message's columns but its search document, which only search reads (it is the largest column). */
const { search: _search, ...messageColumns } = getTableColumns(conversationMessages);
export { messageColumns };
export type MessageRow = Omit<typeof conversationMessages.$inferSelect, 'search'>;

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
