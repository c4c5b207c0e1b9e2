import 'server-only';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import {
  orders,
  products,
  subscriptions,
  workspaceMembers,
  workspaces,
  type SubscriptionStatus,
} from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import {
  PAID_PLAN_IDS,
  PLANS,
  hasFeature,
  isPlanId,
  planRank,
  planWithFeature,
  type Feature,
  type PlanId,
} from './plans';

/**
 * What a workspace may do now:
 * - `subscription`: its subscription's plan, while trialing, active, past due (the grace period) or read-only;
 * - `lifetime`: a plan its owner bought once before plans became subscriptions (an order paid for the plan's
 *   product), which it keeps; the larger of the two applies, and a lifetime plan is never read-only;
 * - `system`: the support staff's workspace, which sells nothing;
 * - `free`: neither.
 */
export type Entitlement = {
  plan: PlanId;
  source: 'subscription' | 'lifetime' | 'system' | 'free';
  /** The subscription's status, null without one. */
  status: SubscriptionStatus | null;
  /** Past the grace period of a failed payment: members read, nothing changes until it is paid. */
  readOnly: boolean;
};

const paidPlanSlugs = sql.join(
  PAID_PLAN_IDS.map((id) => sql`${id}`),
  sql`, `,
);

/** The largest plan the workspace's owner bought once (the legacy one-time plans), null without one. */
function lifetimePlan(workspaceId: string, executor: Executor) {
  return executor
    .select({ slug: products.slug })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.uid, orders.uid), eq(workspaceMembers.role, 'owner')))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(orders.status, 'paid'),
        sql`${products.slug} in (${paidPlanSlugs})`,
      ),
    )
    .orderBy(desc(products.widgetLimit))
    .limit(1);
}

/** The workspace's entitlement in one query (null when there is no such workspace). */
export async function entitlementOf(workspaceId: string, executor?: Executor): Promise<Entitlement | null> {
  const db = executor ?? (await database());
  const current = db
    .select({ plan: subscriptions.plan, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), ne(subscriptions.status, 'canceled')))
    .limit(1)
    .as('current');
  const [row] = await db
    .select({
      systemKey: workspaces.systemKey,
      plan: current.plan,
      status: current.status,
      lifetime: sql<string | null>`(${lifetimePlan(workspaceId, db)})`,
    })
    .from(workspaces)
    .leftJoin(current, sql`true`)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!row) return null;
  if (row.systemKey) return { plan: 'business', source: 'system', status: null, readOnly: false };
  const lifetime = isPlanId(row.lifetime) ? row.lifetime : null;
  const subscribed = isPlanId(row.plan) ? row.plan : null;
  if (lifetime && (!subscribed || row.status === 'read_only' || planRank(lifetime) >= planRank(subscribed)))
    return { plan: lifetime, source: 'lifetime', status: row.status, readOnly: false };
  if (subscribed)
    return { plan: subscribed, source: 'subscription', status: row.status, readOnly: row.status === 'read_only' };
  return { plan: 'free', source: 'free', status: null, readOnly: false };
}

async function required(workspaceId: string, executor?: Executor): Promise<Entitlement> {
  const entitlement = await entitlementOf(workspaceId, executor);
  if (!entitlement) throw new ApiError('notFound');
  return entitlement;
}

/**
 * Fits a workspace's members to its plan's seats in the transaction that changed the plan: what changes a
 * subscription is handed one (lib/conversations/seats.ts: the workspaces' fitSeats, ending what membership gave).
 */
export type SeatKeeper = (tx: Executor, workspaceId: string) => Promise<void>;

/** 402 `planLimit` naming `plan`, the smallest plan that lifts the limit. */
export function planLimit(plan: PlanId): ApiError {
  return new ApiError('planLimit', undefined, undefined, { plan });
}

/** Refuses (402 `workspaceReadOnly`) a change to a workspace whose payment is missing past the grace period. */
export async function requireWritable(workspaceId: string, executor?: Executor): Promise<Entitlement> {
  const entitlement = await required(workspaceId, executor);
  if (entitlement.readOnly) throw new ApiError('workspaceReadOnly');
  return entitlement;
}

/** Refuses (402 `planLimit`) what the workspace's plan does not unlock, or a workspace that is read-only. */
export async function requireFeature(workspaceId: string, feature: Feature, executor?: Executor): Promise<void> {
  const { plan } = await requireWritable(workspaceId, executor);
  if (!hasFeature(plan, feature)) throw planLimit(planWithFeature(feature));
}

/** Whether the workspace's plan has the feature now (false for no such workspace): for what runs on its own. */
export async function entitled(workspaceId: string, feature: Feature, executor?: Executor): Promise<boolean> {
  const entitlement = await entitlementOf(workspaceId, executor);
  return !!entitlement && hasFeature(entitlement.plan, feature);
}

/** How many seats and widgets the workspace's plan gives. */
export function allowanceOf(entitlement: Entitlement): { seats: number; widgets: number } {
  const { seats, widgets } = PLANS[entitlement.plan];
  return { seats, widgets };
}
