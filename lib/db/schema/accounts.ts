// Accounts: each user's settings and photo, and the sessions of their sign-ins.
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from './columns';
import { workspaces } from './workspaces';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** When an operator with no dashboard open is mailed about a visitor waiting: at once, after minutes, or never. */
export const EMAIL_ALERTS = ['now', 'after2', 'after5', 'after15', 'never'] as const;
export type EmailAlerts = (typeof EMAIL_ALERTS)[number];

/** Which conversations alert an operator (dashboard and e-mail): theirs and the unassigned, theirs, or all. */
export const ALERT_SCOPES = ['mineAndUnassigned', 'mine', 'all'] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];

/** Per-user settings, keyed by the Firebase uid; created on first use. */
export const profiles = pgTable(
  'profiles',
  {
    uid: text('uid').primaryKey(),
    /** Interface language; null follows the browser. */
    locale: text('locale').$type<'en' | 'de'>(),
    theme: text('theme').$type<Theme>().notNull().default('system'),
    notifyTicketReplies: boolean('notify_ticket_replies').notNull().default(true),
    notifyOrderUpdates: boolean('notify_order_updates').notNull().default(true),
    /** The dashboard's alert sound on a visitor's message. */
    alertSound: boolean('alert_sound').notNull().default(true),
    emailAlerts: text('email_alerts').$type<EmailAlerts>().notNull().default('now'),
    alertScope: text('alert_scope').$type<AlertScope>().notNull().default('mineAndUnassigned'),
    /** The workspace the dashboard shows (the switcher's choice); null or gone: the personal one. */
    currentWorkspaceId: uuid('current_workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('profiles_email_alerts_check', sql`${table.emailAlerts} in ('now', 'after2', 'after5', 'after15', 'never')`),
    check('profiles_alert_scope_check', sql`${table.alertScope} in ('mineAndUnassigned', 'mine', 'all')`),
  ],
);

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
