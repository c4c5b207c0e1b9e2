import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { billingDetails } from '@/lib/db/schema';
import { requireRole } from './access';
import type { BillingDetailsInput } from './details-schema';

export type BillingDetails = BillingDetailsInput;

const columns = {
  name: billingDetails.name,
  street: billingDetails.street,
  postalCode: billingDetails.postalCode,
  city: billingDetails.city,
  country: billingDetails.country,
  business: billingDetails.business,
  vatId: billingDetails.vatId,
};

/** The workspace's billing details (its owner only), null before they are first saved. */
export async function billingDetailsOf(user: { uid: string }, workspaceId: string): Promise<BillingDetails | null> {
  await requireRole(user, workspaceId, ['owner']);
  const [row] = await (
    await database()
  )
    .select(columns)
    .from(billingDetails)
    .where(eq(billingDetails.workspaceId, workspaceId));
  return row ?? null;
}

/** Saves the workspace's billing details (its owner only): the next invoices name them, issued ones never change. */
export async function saveBillingDetails(
  user: { uid: string },
  workspaceId: string,
  input: BillingDetailsInput,
): Promise<BillingDetails> {
  return (await database()).transaction(async (tx) => {
    await requireRole(user, workspaceId, ['owner'], { executor: tx });
    const [row] = await tx
      .insert(billingDetails)
      .values({ workspaceId, ...input })
      .onConflictDoUpdate({ target: billingDetails.workspaceId, set: { ...input, updatedAt: sql`now()` } })
      .returning(columns);
    return row;
  });
}

/**
 * Whether the workspace buys as a consumer (its billing details say not a business, or none are saved, as its
 * invoices then assume): a consumer has the right of withdrawal.
 */
export async function buysAsConsumer(executor: Executor, workspaceId: string): Promise<boolean> {
  const [row] = await executor
    .select({ business: billingDetails.business })
    .from(billingDetails)
    .where(eq(billingDetails.workspaceId, workspaceId));
  return !row?.business;
}
