import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { subscriptions } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { billingNow, billsLocally } from '../clock';
import type { SeatKeeper } from '../entitlements';
import { requireBillingOwner } from '../owner';
import { planRank, type BillingInterval, type PaidPlanId } from '../plans';
import { acceptCard, keepCard } from './cards';
import { addPeriod, chargeCard, priceOf } from './charge';

type Subscription = typeof subscriptions.$inferSelect;
type Owner = { uid: string };

/**
 * The workspace's current subscription, locked for the change (owner only): concurrent changes of one
 * subscription run one after the other and each sees the other's outcome, so a repeat is a no-op. 409 without
 * one; a subscription Stripe bills is changed in Stripe's portal (503 until that is wired).
 */
async function lockedSubscription(tx: Executor, user: Owner, workspaceId: string): Promise<Subscription> {
  await requireBillingOwner(user, workspaceId, tx);
  const subscription = await lockCurrent(tx, workspaceId);
  if (!subscription) throw new ApiError('noSubscription');
  if (subscription.provider !== 'local') throw new ApiError('paymentUnavailable');
  return subscription;
}

/** The workspace's subscription that is not canceled, locked until the transaction ends; undefined without one. */
export async function lockCurrent(tx: Executor, workspaceId: string): Promise<Subscription | undefined> {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), ne(subscriptions.status, 'canceled')))
    .for('update')
    .limit(1);
  return subscription;
}

const overdue = (subscription: Subscription) => ['past_due', 'read_only'].includes(subscription.status);

async function update(tx: Executor, id: string, values: Partial<Subscription>) {
  await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id));
}

/**
 * What a proration charges at `now`: the new price for what is left of its period minus the old price's unused
 * remainder, rounded to cents. The same interval keeps the period ((new − old) × remaining / total); a monthly
 * plan made yearly starts a year now.
 */
export function proration(
  subscription: Pick<Subscription, 'currentPeriodStart' | 'currentPeriodEnd' | 'interval'> & { plan: PaidPlanId },
  target: { plan: PaidPlanId; interval: BillingInterval },
  now: Date,
) {
  const start = +subscription.currentPeriodStart;
  const end = +subscription.currentPeriodEnd;
  const left = Math.max(0, Math.min(1, (end - +now) / (end - start)));
  const unused = priceOf(subscription.plan, subscription.interval) * left;
  if (target.interval === subscription.interval)
    return { amountCents: Math.round(priceOf(target.plan, target.interval) * left - unused), periodEnd: null };
  return {
    amountCents: Math.round(priceOf(target.plan, target.interval) - unused),
    periodEnd: addPeriod(now, target.interval),
  };
}

/**
 * Changes the plan: to the current plan and interval undoes a pending downgrade; during the trial at once, free;
 * an upgrade (a larger plan, or yearly instead of monthly) at once with the proration charged to the card (a
 * failed charge: 402, nothing changed); a downgrade (a smaller plan, or monthly instead of yearly) at the end
 * of the period. 409 while a payment is overdue. The members then fit the plan's seats (`keepSeats`).
 */
export async function changeLocalPlan(
  user: Owner,
  workspaceId: string,
  target: { plan: PaidPlanId; interval: BillingInterval },
  keepSeats: SeatKeeper,
) {
  const db = await database();
  await db.transaction(async (tx) => {
    await applyChange(tx, user, workspaceId, target);
    await keepSeats(tx, workspaceId);
  });
}

async function applyChange(
  tx: Executor,
  user: Owner,
  workspaceId: string,
  target: { plan: PaidPlanId; interval: BillingInterval },
) {
  const subscription = await lockedSubscription(tx, user, workspaceId);
  if (overdue(subscription)) throw new ApiError('subscriptionOverdue');
  const current = { plan: subscription.plan as PaidPlanId, interval: subscription.interval };
  const same = target.plan === current.plan && target.interval === current.interval;
  if (same || subscription.status === 'trialing')
    return update(tx, subscription.id, { ...target, pendingPlan: null, pendingInterval: null });
  const downgrade =
    planRank(target.plan) < planRank(current.plan) || (current.interval === 'year' && target.interval === 'month');
  if (downgrade) return update(tx, subscription.id, { pendingPlan: target.plan, pendingInterval: target.interval });
  const now = await billingNow(tx);
  const { amountCents, periodEnd } = proration({ ...subscription, plan: current.plan }, target, now);
  const charge = await chargeCard(tx, subscription, {
    kind: 'proration',
    listedCents: amountCents,
    ...target,
    periodStart: now,
    periodEnd: periodEnd ?? subscription.currentPeriodEnd,
    at: now,
  });
  if (charge?.status !== 'paid') throw new ApiError('cardDeclined');
  await update(tx, subscription.id, {
    ...target,
    pendingPlan: null,
    pendingInterval: null,
    ...(periodEnd && { currentPeriodStart: now, currentPeriodEnd: periodEnd }),
  });
}

/** Cancels at the end of the period (or of the trial), or undoes that (`cancel` false) before it ends. */
export async function setLocalCancelAtPeriodEnd(user: Owner, workspaceId: string, cancel: boolean) {
  const db = await database();
  await db.transaction(async (tx) => {
    const subscription = await lockedSubscription(tx, user, workspaceId);
    if (cancel && overdue(subscription)) throw new ApiError('subscriptionOverdue');
    await update(tx, subscription.id, { cancelAtPeriodEnd: cancel });
  });
}

/**
 * Pays an overdue subscription now with the card on file: active again, with a new period from the payment.
 * A repeat (a double submit) finds nothing overdue and changes nothing.
 */
export async function payLocalOverdue(user: Owner, workspaceId: string) {
  const db = await database();
  await db.transaction(async (tx) => {
    const subscription = await lockedSubscription(tx, user, workspaceId);
    if (!overdue(subscription)) return;
    const now = await billingNow(tx);
    const plan = subscription.plan as PaidPlanId;
    const periodEnd = addPeriod(now, subscription.interval);
    const charge = await chargeCard(tx, subscription, {
      kind: 'renewal',
      listedCents: priceOf(plan, subscription.interval),
      plan,
      interval: subscription.interval,
      periodStart: now,
      periodEnd,
      at: now,
    });
    if (charge?.status !== 'paid') throw new ApiError('cardDeclined');
    await update(tx, subscription.id, {
      status: 'active',
      pastDueSince: null,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
    });
  });
}

/** Replaces the workspace's card with one from the test card form (a declined card: 402, the old one stays). */
export async function changeLocalCard(user: Owner, workspaceId: string, body: unknown) {
  await requireBillingOwner(user, workspaceId);
  // With Stripe the card is changed in Stripe's portal (the billing-stripe slice wires it).
  if (!billsLocally()) throw new ApiError('paymentUnavailable');
  const card = acceptCard(body);
  await keepCard(await database(), workspaceId, card);
}
