import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { subscriptions } from '@/lib/db/schema';
import { GRACE_DAYS } from './plans';

/**
 * What the dashboard tells a workspace's members about its payment: a renewal is overdue (and when the workspace
 * becomes read-only), or it is read-only until paid; null when all is well.
 */
export type BillingNotice = { kind: 'pastDue'; readOnlyFrom: string } | { kind: 'readOnly' } | null;

export async function billingNotice(workspaceId: string): Promise<BillingNotice> {
  const db = await database();
  const [row] = await db
    .select({
      status: subscriptions.status,
      readOnlyFrom: sql<Date | string | null>`${subscriptions.pastDueSince} + make_interval(days => ${GRACE_DAYS})`,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), inArray(subscriptions.status, ['past_due', 'read_only'])))
    .limit(1);
  if (!row) return null;
  if (row.status === 'read_only') return { kind: 'readOnly' };
  return { kind: 'pastDue', readOnlyFrom: new Date(row.readOnlyFrom ?? Date.now()).toISOString() };
}
