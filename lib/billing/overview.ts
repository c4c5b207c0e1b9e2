import 'server-only';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import {
  subscriptions,
  widgets,
  workspaceInvitations,
  workspaceMembers,
  type SubscriptionStatus,
} from '@/lib/db/schema';
import { allowanceOf, entitlementOf } from './entitlements';
import { requireBillingOwner } from './owner';
import type { BillingInterval, PlanId } from './plans';

/** GET /api/workspaces/:wid/billing (issue 38, point 7). `invoices` is filled by the invoices' records. */
export type BillingView = {
  plan: PlanId;
  interval: BillingInterval | null;
  /** The latest subscription's status; null for a workspace that never subscribed. */
  status: SubscriptionStatus | null;
  seats: { used: number; paid: number };
  widgets: { used: number; allowed: number };
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  invoices: Array<{ number: string; total: number; currency: string; pdfUrl: string }>;
};

/**
 * The billing of a workspace as its owner sees it: the plan in force, its latest subscription (the current one,
 * else the last canceled), seats used as the invitations count them (members and pending invitations) and widgets.
 */
export async function billingOf(user: { uid: string }, workspaceId: string): Promise<BillingView> {
  await requireBillingOwner(user, workspaceId);
  const db = await database();
  const [entitlement, [subscription], [{ members }], [{ invited }], [{ used }]] = await Promise.all([
    entitlementOf(workspaceId, db),
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, workspaceId))
      .orderBy(sql`${subscriptions.status} = 'canceled'`, desc(subscriptions.createdAt))
      .limit(1),
    db.select({ members: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId)),
    db
      .select({ invited: count() })
      .from(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
          gt(workspaceInvitations.expiresAt, sql`now()`),
        ),
      ),
    db.select({ used: count() }).from(widgets).where(eq(widgets.workspaceId, workspaceId)),
  ]);
  const allowance = allowanceOf(entitlement!);
  return {
    plan: entitlement!.plan,
    interval: subscription?.interval ?? null,
    status: subscription?.status ?? null,
    seats: { used: members + invited, paid: allowance.seats },
    widgets: { used, allowed: allowance.widgets },
    currentPeriodEnd: subscription?.currentPeriodEnd.toISOString() ?? null,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    invoices: [],
  };
}
