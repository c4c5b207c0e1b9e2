import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { charges, invoices, refunds, subscriptions } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { billingNow } from '../clock';
import { buysAsConsumer } from '../details';
import type { SeatKeeper } from '../entitlements';
import { issueCreditNote } from '../invoices/issue';
import { requireBillingOwner } from '../owner';
import { lockCurrent } from './changes';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A consumer's right of withdrawal lasts 14 days from the contract's conclusion (§ 355 BGB). */
export const WITHDRAWAL_DAYS = 14;

type Subscription = typeof subscriptions.$inferSelect;
type Charge = typeof charges.$inferSelect;

/** The end of `subscription`'s withdrawal period; null when its start is unknown (before it was recorded). */
export function withdrawalEnd(subscription: Pick<Subscription, 'startedAt'>): Date | null {
  return subscription.startedAt ? new Date(+subscription.startedAt + WITHDRAWAL_DAYS * DAY_MS) : null;
}

/**
 * Until when the owner may withdraw at `now`: a subscription that is not over, of a consumer, inside its period;
 * else null (the billing page then shows no withdrawal).
 */
export function withdrawableUntil(subscription: Subscription | null, consumer: boolean, now: Date): Date | null {
  if (!subscription || subscription.status === 'canceled' || !consumer) return null;
  const end = withdrawalEnd(subscription);
  return end && end > now ? end : null;
}

/**
 * What is refunded of a paid charge at `now`: the part of its period not yet provided, pro rata by elapsed
 * time (milliseconds), rounded to cents. Withdrawn at the charge's start, all of it; at its end, nothing.
 */
export function unusedPart(charge: Pick<Charge, 'amountCents' | 'periodStart' | 'periodEnd'>, now: Date): number {
  const length = +charge.periodEnd - +charge.periodStart;
  const left = length > 0 ? Math.max(0, Math.min(1, (+charge.periodEnd - +now) / length)) : 0;
  return Math.round(charge.amountCents * left);
}

/**
 * Refunds the unused part of each paid charge of `subscription` at `now`, each with its credit note, in the
 * caller's transaction. One refund per charge (its unique index) and one credit note per refund (its source).
 */
async function refundUnused(tx: Executor, subscription: Subscription, now: Date): Promise<void> {
  const paid = await tx
    .select({ charge: charges, invoiceId: invoices.id })
    .from(charges)
    .innerJoin(invoices, eq(invoices.sourceId, sql`${charges.id}::text`))
    .where(and(eq(charges.subscriptionId, subscription.id), eq(charges.status, 'paid')));
  for (const { charge, invoiceId } of paid) {
    const amountCents = unusedPart(charge, now);
    if (amountCents <= 0) continue;
    const [refund] = await tx
      .insert(refunds)
      .values({ chargeId: charge.id, amountCents, currency: charge.currency, reason: 'withdrawal', at: now })
      .onConflictDoNothing({ target: refunds.chargeId })
      .returning();
    if (refund)
      await issueCreditNote(tx, { invoiceId, sourceId: refund.id, amountGrossCents: amountCents, issuedAt: now });
  }
}

/**
 * A consumer's withdrawal from a local subscription (the owner's), in one transaction: canceled at once (the
 * workspace falls back to the free tier; nothing is deleted), the unused part of what was paid refunded with a
 * credit note. Repeated (a double click), it finds the subscription withdrawn and changes nothing. 409 for a
 * business, after the 14 days, or without a subscription. Stripe's subscriptions: lib/billing/stripe-withdrawal.ts.
 */
export async function withdrawLocal(user: { uid: string }, workspaceId: string, keepSeats: SeatKeeper): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    await requireBillingOwner(user, workspaceId, tx);
    const subscription = await lockCurrent(tx, workspaceId);
    if (!subscription) {
      if (await withdrawnLast(tx, workspaceId)) return;
      throw new ApiError('noSubscription');
    }
    if (subscription.provider !== 'local') throw new ApiError('paymentUnavailable');
    if (!(await buysAsConsumer(tx, workspaceId))) throw new ApiError('withdrawalNotConsumer');
    const now = await billingNow(tx);
    if (!withdrawableUntil(subscription, true, now)) throw new ApiError('withdrawalPeriodOver');
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: now, withdrawnAt: now, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, subscription.id));
    await refundUnused(tx, subscription, now);
    await keepSeats(tx, workspaceId);
  });
}

/** Whether the workspace's latest subscription ended by withdrawal (a repeated withdrawal is then a no-op). */
export async function withdrawnLast(tx: Executor, workspaceId: string): Promise<boolean> {
  const [latest] = await tx
    .select({ withdrawnAt: subscriptions.withdrawnAt })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return Boolean(latest?.withdrawnAt);
}
