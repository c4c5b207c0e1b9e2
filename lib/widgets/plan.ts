import 'server-only';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { widgets } from '@/lib/db/schema';
import { allowanceOf, entitlementOf, planLimit, requireFeature, type Entitlement } from '@/lib/billing/entitlements';
import { planWith } from '@/lib/billing/plans';
import type { UpdateWidgetInput } from './schema';

// A workspace's widgets against its plan (lib/billing/plans.ts): how many may serve visitors, which do, and
// the features their settings need. Deactivated widgets count against nothing; nothing is ever deleted.

type Row = typeof widgets.$inferSelect;

/** How many widgets a workspace may have active: its plan's, the free tier's without one. */
export async function widgetLimit(workspaceId: string, executor?: Executor): Promise<number> {
  const entitlement = await entitlementOf(workspaceId, executor);
  return entitlement ? allowanceOf(entitlement).widgets : 0;
}

/** The workspace's active widgets: those its plan's limit counts. */
async function activeCount(workspaceId: string, executor: Executor, before?: Pick<Row, 'id' | 'createdAt'>) {
  const [{ total }] = await executor
    .select({ total: count() })
    .from(widgets)
    .where(
      and(
        eq(widgets.workspaceId, workspaceId),
        isNull(widgets.deactivatedAt),
        before &&
          sql`(${widgets.createdAt}, ${widgets.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id})`,
      ),
    );
  return total;
}

/**
 * Refuses (402 `planLimit`) one more active widget than the plan has. The caller holds the workspace's widget
 * lock (lockWidgets), so two requests at once cannot both take the last place.
 */
export async function requireWidgetPlace(workspaceId: string, entitlement: Entitlement, executor: Executor) {
  const active = await activeCount(workspaceId, executor);
  if (active >= allowanceOf(entitlement).widgets) throw planLimit(planWith('widgets', active + 1));
}

/** Serialises what changes how many widgets of a workspace are active (creations, activations). */
export function lockWidgets(executor: Executor, workspaceId: string) {
  return executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`widgets:${workspaceId}`})::bigint)`);
}

/**
 * Whether the widget serves visitors: not deactivated, and among the first of its workspace's active widgets
 * (oldest first) that the plan allows. A plan that shrank below the active widgets so pauses the newest ones
 * until the owner deactivates others (their choice) or changes the plan.
 */
export async function isServed(
  widget: Pick<Row, 'id' | 'workspaceId' | 'createdAt' | 'deactivatedAt'>,
  entitlement: Entitlement | null,
  executor?: Executor,
): Promise<boolean> {
  if (widget.deactivatedAt || !entitlement) return false;
  const db = executor ?? (await database());
  return (await activeCount(widget.workspaceId, db, widget)) < allowanceOf(entitlement).widgets;
}

/** The ids of the widgets that serve visitors, of a workspace's widgets listed oldest first. */
export function servedAmong(rows: Pick<Row, 'id' | 'deactivatedAt'>[], limit: number): Set<string> {
  return new Set(
    rows
      .filter((row) => !row.deactivatedAt)
      .slice(0, limit)
      .map((row) => row.id),
  );
}

/**
 * Refuses (402) settings the workspace's plan does not unlock: auto-assignment and business hours, when they are
 * switched on or changed (a widget that kept them through a downgrade can still be edited otherwise).
 */
export async function requireFeaturesOf(
  workspaceId: string,
  input: Pick<UpdateWidgetInput, 'autoAssign' | 'businessHours'>,
  stored: Pick<Row, 'autoAssign' | 'businessHours'> | null,
  executor: Executor,
) {
  if (input.autoAssign && !stored?.autoAssign) await requireFeature(workspaceId, 'autoAssign', executor);
  if (input.businessHours && JSON.stringify(input.businessHours) !== JSON.stringify(stored?.businessHours ?? null))
    await requireFeature(workspaceId, 'businessHours', executor);
}
