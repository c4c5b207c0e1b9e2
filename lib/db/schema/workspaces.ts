// Workspaces: what widgets, their visitors and conversations belong to, and the members who work in them.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** A member's role: owner (one per workspace), admin (widgets and their settings), agent (the inbox). */
export const WORKSPACE_ROLES = ['owner', 'admin', 'agent'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The key of the support staff's workspace, which holds Plauder's own widget. */
export const SUPPORT_WORKSPACE = 'support';

/**
 * A workspace. Every account has a personal one (`personalOf` its uid: created once, by that unique index);
 * support staff share the one with `systemKey` 'support'; others are made by a member (`createdBy`, whose
 * request key makes a repeated POST answer the same workspace).
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    personalOf: text('personal_of'),
    systemKey: text('system_key'),
    createdBy: text('created_by'),
    requestKey: text('request_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('workspaces_personal_of_idx').on(table.personalOf),
    uniqueIndex('workspaces_system_key_idx').on(table.systemKey),
    uniqueIndex('workspaces_created_by_request_key_idx').on(table.createdBy, table.requestKey),
  ],
);

/** Who belongs to a workspace, with which role. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    role: text('role').$type<WorkspaceRole>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.uid] }),
    index('workspace_members_uid_idx').on(table.uid),
    uniqueIndex('workspace_members_one_owner_idx')
      .on(table.workspaceId)
      .where(sql`${table.role} = 'owner'`),
    check('workspace_members_role_check', sql`${table.role} in ('owner', 'admin', 'agent')`),
  ],
);

/**
 * An invitation to join a workspace with a role, sent by e-mail. The link's token is kept only as its SHA-256;
 * one pending invitation per workspace and address (inviting again replaces its token, so the old link dies).
 * Accepted or revoked, it is no longer pending and never works again.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The invited address, trimmed and lower-cased. */
    email: text('email').notNull(),
    role: text('role').$type<Exclude<WorkspaceRole, 'owner'>>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('workspace_invitations_token_hash_idx').on(table.tokenHash),
    uniqueIndex('workspace_invitations_pending_idx')
      .on(table.workspaceId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    check('workspace_invitations_role_check', sql`${table.role} in ('admin', 'agent')`),
  ],
);

/**
 * A member the owner or an admin deactivated (to fit a smaller plan): no longer a member (so they read and
 * write nothing there, and take no seat), kept with their role, the day they joined and how they were known,
 * so that activating them again restores the membership as it was.
 */
export const deactivatedMembers = pgTable(
  'deactivated_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    role: text('role').$type<Exclude<WorkspaceRole, 'owner'>>().notNull(),
    name: text('name'),
    email: text('email'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    // Who chose to (null when the plan's seats decided).
    deactivatedBy: text('deactivated_by'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }).notNull().defaultNow(),
    // `chosen` by the owner or an admin; `seats`: the plan's seats shrank below the members (the newest went
    // aside), and they come back by themselves, oldest first, as seats free up.
    reason: text('reason').$type<'chosen' | 'seats'>().notNull().default('chosen'),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.uid] }),
    check('deactivated_members_role_check', sql`${table.role} in ('admin', 'agent')`),
    check('deactivated_members_reason_check', sql`${table.reason} in ('chosen', 'seats')`),
  ],
);
