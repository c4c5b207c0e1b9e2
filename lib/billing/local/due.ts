import 'server-only';
import { and, asc, eq, inArray, like, lte, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { subscriptions } from '@/lib/db/schema';
import { billingNowSql, billsLocally } from '../clock';
import type { SeatKeeper } from '../entitlements';
import { GRACE_DAYS, type PaidPlanId } from '../plans';
import { LOCAL_SUBSCRIPTION_PREFIX, addPeriod, chargeCard, priceOf } from './charge';
import { sendBillingNotices } from './notices';
import { mailUnsentInvoices } from './invoicing';

const BATCH = 20;
/** A bound on one run's renewal rounds: 400 days of monthly renewals are 14 rounds per subscription. */
const MAX_ROUNDS = 200;

type Subscription = typeof subscriptions.$inferSelect;

/** The subscriptions this engine bills: the local checkout's. */
export const billedLocally = and(
  eq(subscriptions.provider, 'local'),
  like(subscriptions.providerSubscriptionId, `${LOCAL_SUBSCRIPTION_PREFIX}%`),
)!;

/**
 * The end of a period (or of the trial), in the transaction that charges for it: canceled when the owner
 * canceled, else a pending downgrade applies and the card is charged for the next period, which starts where
 * the last one ended. Paid → active for that period; failed → past due since the period's end. The charge's
 * unique period start makes it once-only whichever instance runs it.
 */
async function renew(tx: Executor, subscription: Subscription, keepSeats: SeatKeeper): Promise<void> {
  const at = subscription.currentPeriodEnd;
  if (subscription.cancelAtPeriodEnd) {
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: at, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, subscription.id));
    return keepSeats(tx, subscription.workspaceId);
  }
  const plan = (subscription.pendingPlan ?? subscription.plan) as PaidPlanId;
  const interval = subscription.pendingInterval ?? subscription.interval;
  const periodEnd = addPeriod(at, interval);
  const charge = await chargeCard(tx, subscription, {
    kind: subscription.status === 'trialing' ? 'initial' : 'renewal',
    listedCents: priceOf(plan, interval),
    plan,
    interval,
    periodStart: at,
    periodEnd,
    at,
  });
  if (!charge) return;
  const paid = charge.status === 'paid';
  await tx
    .update(subscriptions)
    .set({
      plan,
      interval,
      pendingPlan: null,
      pendingInterval: null,
      updatedAt: sql`now()`,
      ...(paid
        ? { status: 'active', currentPeriodStart: at, currentPeriodEnd: periodEnd }
        : { status: 'past_due', pastDueSince: at }),
    })
    .where(eq(subscriptions.id, subscription.id));
  // A downgrade that applies now may leave fewer seats than members.
  if (plan !== subscription.plan) await keepSeats(tx, subscription.workspaceId);
}

/** Renews a batch of due subscriptions, claimed with `for update skip locked` so instances share the work. */
async function renewDueBatch(keepSeats: SeatKeeper): Promise<number> {
  const db = await database();
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          billedLocally,
          inArray(subscriptions.status, ['trialing', 'active']),
          lte(subscriptions.currentPeriodEnd, billingNowSql()),
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const subscription of due) await renew(tx, subscription, keepSeats);
    return due.length;
  });
}

/** Past due beyond the grace period → read-only (the entitlements then refuse changes), in one statement. */
async function enterReadOnly(): Promise<void> {
  const db = await database();
  await db
    .update(subscriptions)
    .set({ status: 'read_only', updatedAt: sql`now()` })
    .where(
      and(
        billedLocally,
        eq(subscriptions.status, 'past_due'),
        lte(sql`${subscriptions.pastDueSince} + make_interval(days => ${GRACE_DAYS})`, billingNowSql()),
      ),
    );
}

/**
 * The local engine's due work (without a Stripe key): renewals and trial ends up to billing time (a clock moved
 * a year ahead renews each month in turn; the members then fit the seats of a plan that changed), read-only
 * after the grace period, then the reminders. Safe to run on several instances at once.
 */
export async function runDueBilling(keepSeats: SeatKeeper): Promise<void> {
  if (!billsLocally()) return;
  let rounds = 0;
  while (rounds++ < MAX_ROUNDS && (await renewDueBatch(keepSeats)) > 0) {
    // Each round renews one period of each due subscription; a clock moved far ahead needs several.
  }
  await enterReadOnly();
  await sendBillingNotices();
  await mailUnsentInvoices();
}
