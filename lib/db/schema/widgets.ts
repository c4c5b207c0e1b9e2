// Chat widgets; their settings' values are in ./widget-settings.
import { sql } from 'drizzle-orm';
import {
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
import { createdAt, updatedAt } from './columns';
import { workspaces } from './workspaces';
import type {
  BusinessHours,
  LauncherPosition,
  PreChatMode,
  PresenceMode,
  WidgetTheme,
  WidgetTranslations,
} from './widget-settings';

/**
 * An embeddable chat widget. `id` is public (it is in the snippet and the widget's URL). Each visitor of
 * the widget's sites has private conversations with the members of its workspace.
 */
export const widgets = pgTable(
  'widgets',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
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
    /** Shown above the pre-chat form (or the first message's composer): why the owner asks, what happens next. */
    preChatNote: text('pre_chat_note').notNull().default(''),
    /** The owner's privacy policy; set, the widget shows a consent line linking it before the first message. */
    privacyPolicyUrl: text('privacy_policy_url'),
    theme: text('theme').$type<WidgetTheme>().notNull().default('auto'),
    /** The greeting, away message and pre-chat note in the other languages (the columns above: `locale`'s). */
    translations: jsonb('translations').$type<WidgetTranslations>().notNull().default({}),
    /** Null: no schedule (the widget never says when an operator is back). */
    businessHours: jsonb('business_hours').$type<BusinessHours | null>(),
    /** Closed conversations are deleted this many days after closing; null keeps them. */
    retentionDays: integer('retention_days'),
    /** Signs the customer's users for identity verification (HMAC-SHA256); null until generated. */
    identitySecret: text('identity_secret'),
    /** Counts the secret's rotations: verified visitors' tokens of an earlier one are refused. */
    identityGeneration: integer('identity_generation').notNull().default(0),
    presence: text('presence').$type<PresenceMode>().notNull().default('auto'),
    /** New conversations go to the available operator with the fewest open ones, up to `assignCapacity`. */
    autoAssign: boolean('auto_assign').notNull().default(false),
    assignCapacity: integer('assign_capacity').notNull().default(5),
    /** The widget asks the visitor for a rating once an operator closes their conversation. */
    askRating: boolean('ask_rating').notNull().default(true),
    /** New visitors one client address may start per hour on this widget; null: CHAT_VISITORS_PER_HOUR. */
    visitorsPerHour: integer('visitors_per_hour'),
    /** The creating request's key: a repeated submit finds this widget instead of creating another. */
    requestKey: text('request_key').notNull(),
    /**
     * Set when the owner deactivated the widget (to fit a smaller plan): it serves no visitor until it is
     * activated again, and counts against no limit; nothing of it is deleted.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('widgets_workspace_idx').on(table.workspaceId, table.createdAt),
    uniqueIndex('widgets_workspace_request_key_idx').on(table.workspaceId, table.requestKey),
    check('widgets_launcher_position_check', sql`${table.launcherPosition} in ('left', 'right')`),
    check('widgets_pre_chat_check', sql`${table.preChat} in ('off', 'name', 'nameEmail')`),
    check('widgets_theme_check', sql`${table.theme} in ('auto', 'light', 'dark')`),
    check('widgets_presence_check', sql`${table.presence} in ('auto', 'available', 'away')`),
    check('widgets_retention_days_check', sql`${table.retentionDays} between 1 and 3650`),
    check('widgets_assign_capacity_check', sql`${table.assignCapacity} between 1 and 100`),
    check('widgets_visitors_per_hour_check', sql`${table.visitorsPerHour} between 1 and 100000`),
  ],
);
