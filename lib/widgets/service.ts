import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { widgets } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { requestKey } from '@/lib/api/idempotency';
import type { SignedInUser } from '@/lib/session/server';
import type { CreateWidgetInput, UpdateWidgetInput } from './schema';
import { entitlementOf, requireFeature, requireWritable } from '@/lib/billing/entitlements';
import { hasFeature } from '@/lib/billing/plans';
import { isServed, lockWidgets, requireFeaturesOf, requireWidgetPlace, servedAmong, widgetLimit } from './plan';
import { memberScope } from '@/lib/workspaces/access';
import { requirePermission, rolesFor } from '@/lib/workspaces/permissions';

type Row = typeof widgets.$inferSelect;

export type WidgetView = {
  id: string;
  name: string;
  allowedOrigins: string[];
  accentColor: string;
  greeting: string;
  locale: 'en' | 'de';
  followPageLanguage: boolean;
  launcherPosition: Row['launcherPosition'];
  preChat: Row['preChat'];
  awayMessage: string;
  preChatNote: string;
  privacyPolicyUrl: string | null;
  theme: Row['theme'];
  translations: Row['translations'];
  businessHours: Row['businessHours'];
  retentionDays: number | null;
  /** New visitors one address may start per hour; null: the service's default. */
  visitorsPerHour: number | null;
  autoAssign: boolean;
  assignCapacity: number;
  /** Whether the widget asks for a rating once a conversation is closed. */
  askRating: boolean;
  presence: Row['presence'];
  /** Whether identity verification has a secret (the secret itself is shown once, when made). */
  identityVerification: boolean;
  /** False once the owner deactivated it (lib/widgets/plan.ts). */
  active: boolean;
  createdAt: string;
  updatedAt: string;
};

/** What the framed widget page needs (public: it is served to any visitor of an allowed site). */
export type PublicWidget = Pick<
  WidgetView,
  | 'id'
  | 'name'
  | 'allowedOrigins'
  | 'accentColor'
  | 'greeting'
  | 'locale'
  | 'followPageLanguage'
  | 'launcherPosition'
  | 'preChat'
  | 'awayMessage'
  | 'preChatNote'
  | 'privacyPolicyUrl'
  | 'theme'
  | 'translations'
  | 'businessHours'
  | 'askRating'
> & {
  /** The "Chat by Plauder" line, which plans with `removeBranding` leave out (lib/billing/plans.ts). */
  branded: boolean;
};

function view(row: Row): WidgetView {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: row.allowedOrigins,
    accentColor: row.accentColor,
    greeting: row.greeting,
    locale: row.locale,
    followPageLanguage: row.followPageLanguage,
    launcherPosition: row.launcherPosition,
    preChat: row.preChat,
    awayMessage: row.awayMessage,
    preChatNote: row.preChatNote,
    privacyPolicyUrl: row.privacyPolicyUrl,
    theme: row.theme,
    translations: row.translations,
    businessHours: row.businessHours ?? null,
    retentionDays: row.retentionDays,
    visitorsPerHour: row.visitorsPerHour,
    autoAssign: row.autoAssign,
    assignCapacity: row.assignCapacity,
    askRating: row.askRating,
    presence: row.presence,
    identityVerification: row.identitySecret !== null,
    active: row.deactivatedAt === null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The widgets of a workspace the user belongs to (404 otherwise), and how many it may have. */
export async function listWidgets(
  user: SignedInUser,
  workspaceId: string,
): Promise<{ widgets: Array<WidgetView & { served: boolean }>; limit: number; used: number }> {
  await requirePermission(user, workspaceId, 'widgets.read');
  const db = await database();
  const [rows, limit] = await Promise.all([
    db
      .select()
      .from(widgets)
      .where(eq(widgets.workspaceId, workspaceId))
      .orderBy(asc(widgets.createdAt), asc(widgets.id)),
    widgetLimit(workspaceId),
  ]);
  const served = servedAmong(rows, limit);
  return {
    widgets: rows.map((row) => ({ ...view(row), served: served.has(row.id) })),
    limit,
    used: rows.filter((row) => !row.deactivatedAt).length,
  };
}

/**
 * Why `user` cannot change widget `id`: 404 when it does not exist or they are no member of its workspace,
 * 403 for a member who may not change widgets (an agent).
 */
async function refusal(user: SignedInUser, id: string): Promise<ApiError> {
  const db = await database();
  const [row] = await db.select({ workspaceId: widgets.workspaceId }).from(widgets).where(eq(widgets.id, id)).limit(1);
  // Throws the 404 of a stranger or the 403 of an agent.
  if (row) await requirePermission(user, row.workspaceId, 'widgets.manage');
  return new ApiError('notFound');
}

/** A widget of a workspace the user belongs to; null (→ 404) when it does not exist or is a stranger's. */
export async function getWidget(user: SignedInUser, id: string): Promise<WidgetView | null> {
  const db = await database();
  const [row] = await db
    .select()
    .from(widgets)
    .where(and(eq(widgets.id, id), memberScope(user, widgets.workspaceId)))
    .limit(1);
  return row ? view(row) : null;
}

/**
 * Creates a widget in a workspace where the user is owner or admin, within its plan's limit (402 `planLimit`
 * beyond it). The workspace's creations are serialised, so two tabs at once cannot both take the last
 * place; a repeated request key answers the widget it created.
 */
export async function createWidget(
  user: SignedInUser,
  workspaceId: string,
  input: CreateWidgetInput,
): Promise<{ widget: WidgetView; created: boolean }> {
  const { requestKey: clientKey, ...fields } = input;
  const key = requestKey(clientKey, user.uid, fields);
  await requirePermission(user, workspaceId, 'widgets.manage');
  const db = await database();
  return db.transaction(async (tx) => {
    await lockWidgets(tx, workspaceId);
    const [existing] = await tx
      .select()
      .from(widgets)
      .where(and(eq(widgets.workspaceId, workspaceId), eq(widgets.requestKey, key)))
      .limit(1);
    if (existing) return { widget: view(existing), created: false };
    await requireWidgetPlace(workspaceId, await requireWritable(workspaceId, tx), tx);
    await requireFeaturesOf(workspaceId, fields, null, tx);
    const [row] = await tx
      .insert(widgets)
      .values({
        id: randomBytes(12).toString('base64url'),
        workspaceId,
        requestKey: key,
        ...fields,
      })
      .returning();
    return { widget: view(row), created: true };
  });
}

/**
 * Changes a widget's settings; `active` deactivates it (it stops serving visitors and frees its place) or
 * activates it again within the plan's limit (402 `planLimit` beyond it).
 */
export async function updateWidget(user: SignedInUser, id: string, input: UpdateWidgetInput): Promise<WidgetView> {
  const { active, ...fields } = input;
  const db = await database();
  const editable = and(eq(widgets.id, id), memberScope(user, widgets.workspaceId, rolesFor('widgets.manage')));
  const [stored] = await db.select().from(widgets).where(editable).limit(1);
  if (!stored) throw await refusal(user, id);
  const row = await db.transaction(async (tx) => {
    const entitlement = await requireWritable(stored.workspaceId, tx);
    await requireFeaturesOf(stored.workspaceId, fields, stored, tx);
    if (active && stored.deactivatedAt) {
      await lockWidgets(tx, stored.workspaceId);
      await requireWidgetPlace(stored.workspaceId, entitlement, tx);
    }
    const deactivatedAt =
      active === undefined ? {} : { deactivatedAt: active ? null : (stored.deactivatedAt ?? new Date()) };
    const [updated] = await tx
      .update(widgets)
      .set({ ...fields, ...deactivatedAt, updatedAt: new Date() })
      .where(editable)
      .returning();
    return updated;
  });
  // Outside the transaction: PGlite has one connection, which the transaction holds.
  if (!row) throw await refusal(user, id);
  return view(row);
}

/**
 * A new secret for identity verification, replacing the old one: its hashes stop verifying, and the
 * tokens of verified users issued under it are refused (the generation counts up). It is answered this
 * once and never shown again.
 */
export async function rotateIdentitySecret(user: SignedInUser, id: string): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const db = await database();
  const [stored] = await db
    .select({ workspaceId: widgets.workspaceId })
    .from(widgets)
    .where(and(eq(widgets.id, id), memberScope(user, widgets.workspaceId, rolesFor('widgets.manage'))))
    .limit(1);
  if (!stored) throw await refusal(user, id);
  await requireFeature(stored.workspaceId, 'identityVerification', db);
  const [row] = await db
    .update(widgets)
    .set({ identitySecret: secret, identityGeneration: sql`${widgets.identityGeneration} + 1`, updatedAt: new Date() })
    .where(and(eq(widgets.id, id), memberScope(user, widgets.workspaceId, rolesFor('widgets.manage'))))
    .returning({ id: widgets.id });
  if (!row) throw await refusal(user, id);
  return secret;
}

/** Deletes the widget with its visitors and their conversations (foreign keys cascade). */
export async function deleteWidget(user: SignedInUser, id: string): Promise<void> {
  const db = await database();
  const [row] = await db
    .delete(widgets)
    .where(and(eq(widgets.id, id), memberScope(user, widgets.workspaceId, rolesFor('widgets.manage'))))
    .returning({ id: widgets.id });
  if (!row) throw await refusal(user, id);
}

/** The widget as visitors get it; null when there is none, or it serves no visitor now (lib/widgets/plan.ts). */
export async function publicWidget(id: string): Promise<PublicWidget | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  const db = await database();
  const [row] = await db.select().from(widgets).where(eq(widgets.id, id)).limit(1);
  if (!row) return null;
  const entitlement = await entitlementOf(row.workspaceId, db);
  // A deactivated widget, or one beyond what the plan allows, is gone for visitors (nothing is deleted).
  if (!(await isServed(row, entitlement, db))) return null;
  const {
    name,
    allowedOrigins,
    accentColor,
    greeting,
    locale,
    followPageLanguage,
    launcherPosition,
    preChat,
    awayMessage,
    preChatNote,
    privacyPolicyUrl,
    theme,
    translations,
    businessHours,
    askRating,
  } = view(row);
  return {
    id: row.id,
    name,
    allowedOrigins,
    accentColor,
    greeting,
    locale,
    followPageLanguage,
    launcherPosition,
    preChat,
    awayMessage,
    preChatNote,
    privacyPolicyUrl,
    theme,
    translations,
    askRating,
    // Shown to visitors (and counted) only on a plan with business hours; a downgrade keeps the setting.
    businessHours: entitlement && hasFeature(entitlement.plan, 'businessHours') ? businessHours : null,
    branded: !entitlement || !hasFeature(entitlement.plan, 'removeBranding'),
  };
}
