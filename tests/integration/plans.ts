// A workspace's plan set at the data, as a paid subscription leaves it (the subscription engine's own tests
// buy one through the checkout): for tests of what a plan unlocks, and of teams that need its seats.
import { and, eq, ne, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { subscriptions, type SubscriptionStatus } from '@/lib/db/schema';
import type { PaidPlanId } from '@/lib/billing/plans';

/** Gives `workspaceId` an `active` (or `status`) monthly subscription to `plan`, replacing its current one. */
export async function grantPlan(workspaceId: string, plan: PaidPlanId, status: SubscriptionStatus = 'active') {
  const db = await database();
  await db
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: sql`now()` })
    .where(and(eq(subscriptions.workspaceId, workspaceId), ne(subscriptions.status, 'canceled')));
  await db.insert(subscriptions).values({
    workspaceId,
    plan,
    interval: 'month',
    status,
    provider: 'local',
    providerSubscriptionId: `granted-${crypto.randomUUID()}`,
    currentPeriodStart: sql`now()`,
    currentPeriodEnd: sql`now() + interval '1 month'`,
    pastDueSince: status === 'past_due' || status === 'read_only' ? sql`now()` : null,
  });
}
