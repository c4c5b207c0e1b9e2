import 'server-only';
import { and, eq, lte, ne, not, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { stripeCustomers, stripeSubscriptionReads, subscriptions, type SubscriptionStatus } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { stripeClient } from '@/lib/payments/stripe';
import { firstDelivery } from '@/lib/payments/webhook-events';
import type { BillingInterval, PaidPlanId } from './plans';
import type { SeatKeeper } from './entitlements';
import { stripeFailure } from './stripe-customers';
import { keepStripeInvoice } from './stripe-invoices';

/** The events billing subscribes to (with `checkout.session.completed` of a subscription checkout). */
export const STRIPE_BILLING_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/**
 * Stripe's subscription states as ours: `unpaid` (Stripe's retries exhausted) and `paused` (a trial ended
 * without a payment method) keep the workspace read-only until paid. `incomplete` (the first payment still
 * open) is no entitlement yet: absent from the map, it writes nothing.
 */
const STATUSES: Partial<Record<Stripe.Subscription.Status, SubscriptionStatus>> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'read_only',
  paused: 'read_only',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

/** Whether a verified event is billing's: a subscription's, its invoice's, or a subscription checkout's. */
export function isStripeBillingEvent(event: Stripe.Event): boolean {
  if (event.type === 'checkout.session.completed')
    return (event.data.object as Stripe.Checkout.Session).mode === 'subscription';
  return (STRIPE_BILLING_EVENTS as readonly string[]).includes(event.type);
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The plan and interval a configured price stands for, or null. */
function planOfPrice(priceId: string | undefined): { plan: PaidPlanId; interval: BillingInterval } | null {
  for (const [plan, byInterval] of Object.entries(env.stripe.prices ?? {}))
    for (const [interval, id] of Object.entries(byInterval))
      if (id === priceId) return { plan: plan as PaidPlanId, interval: interval as BillingInterval };
  return null;
}

/** `readAt`: the database's clock as the read began, to order concurrent reads. */
type Snapshot = { subscription: Stripe.Subscription | null; invoice: Stripe.Invoice | null; readAt: Date };

/**
 * What the event is about as Stripe reports it now, not the event's possibly stale copy: so events in any
 * order, or repeated, leave the state Stripe has. Null when Stripe does not know it (nothing to apply).
 */
async function snapshotOf(event: Stripe.Event): Promise<Snapshot | null> {
  const object = event.data.object as { id: string; subscription?: string | { id: string } | null };
  // Both drivers answer `{ rows }`; the database's clock is the one all instances share.
  const clock = await (await database()).execute(sql`select clock_timestamp()::text as at`);
  const readAt = new Date((clock as { rows: Array<{ at: string }> }).rows[0].at);
  try {
    let invoice: Stripe.Invoice | null = null;
    let subscriptionId: string | null;
    if (event.type.startsWith('invoice.')) {
      invoice = await stripeClient().invoices.retrieve(object.id);
      subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    } else if (event.type === 'checkout.session.completed') subscriptionId = idOf(object.subscription);
    else subscriptionId = object.id;
    // With its schedule: the portal's downgrade at the end of the period is a schedule's next phase.
    const subscription = subscriptionId
      ? await stripeClient().subscriptions.retrieve(subscriptionId, { expand: ['schedule'] })
      : null;
    return subscription || invoice ? { subscription, invoice, readAt } : null;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw stripeFailure(error, `${event.type} ${event.id} could not be read`);
  }
}

/** The plan a schedule's phase after the current period changes to (a downgrade at its end), or null. */
function pendingOf(subscription: Stripe.Subscription, periodEnd: number) {
  const schedule = typeof subscription.schedule === 'object' ? subscription.schedule : null;
  const next = schedule?.phases.find((phase) => phase.start_date >= periodEnd);
  const price = next?.items[0]?.price;
  const priced = planOfPrice(typeof price === 'string' ? price : price?.id);
  return { pendingPlan: priced?.plan ?? null, pendingInterval: priced?.interval ?? null };
}

const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * Whether a read of the subscription begun at `readAt` is the newest written (and now claims that): two events
 * read concurrently may be written in the other order, and the older read must not undo the newer.
 */
async function newestRead(tx: Executor, workspaceId: string, subscriptionId: string, readAt: Date) {
  const claimed = await tx
    .insert(stripeSubscriptionReads)
    .values({ subscriptionId, workspaceId, readAt })
    .onConflictDoUpdate({
      target: stripeSubscriptionReads.subscriptionId,
      set: { readAt },
      setWhere: lte(stripeSubscriptionReads.readAt, readAt),
    })
    .returning({ id: stripeSubscriptionReads.subscriptionId });
  return claimed.length > 0;
}

/** Writes the workspace's row of a Stripe subscription (one per subscription, found by Stripe's id). */
async function keepSubscription(tx: Executor, workspaceId: string, subscription: Stripe.Subscription, readAt: Date) {
  const status = STATUSES[subscription.status];
  if (!status || !(await newestRead(tx, workspaceId, subscription.id, readAt))) return;
  const item = subscription.items.data[0];
  const priced = planOfPrice(item?.price.id);
  if (!priced) {
    console.error(`Stripe: subscription ${subscription.id} has a price no STRIPE_PRICE_* names (${item?.price.id})`);
    return;
  }
  // A second subscription bought in another tab before the first one's events: the first one stays.
  const [other] = await tx
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.workspaceId, workspaceId),
        ne(subscriptions.status, 'canceled'),
        not(and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerSubscriptionId, subscription.id))!),
      ),
    )
    .for('update')
    .limit(1);
  if (other && status !== 'canceled') {
    console.error(`Stripe: workspace ${workspaceId} has subscription ${other.id}; ${subscription.id} not applied`);
    return;
  }
  const overdue = status === 'past_due' || status === 'read_only';
  const values = {
    plan: priced.plan,
    interval: priced.interval,
    status,
    providerCustomerId: idOf(subscription.customer),
    currentPeriodStart: at(item.current_period_start)!,
    currentPeriodEnd: at(item.current_period_end)!,
    trialEnd: at(subscription.trial_end),
    // The contract's conclusion: a consumer's withdrawal period runs 14 days from it.
    startedAt: at(subscription.start_date),
    // The portal's "cancel at the end of the period" sets one or the other, depending on the API version.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    canceledAt: status === 'canceled' ? at(subscription.ended_at ?? subscription.canceled_at) : null,
    ...pendingOf(subscription, item.current_period_end),
  };
  await tx
    .insert(subscriptions)
    .values({
      workspaceId,
      provider: 'stripe',
      providerSubscriptionId: subscription.id,
      ...values,
      pastDueSince: overdue ? new Date() : null,
    })
    .onConflictDoUpdate({
      target: [subscriptions.provider, subscriptions.providerSubscriptionId],
      set: {
        ...values,
        // The dunning counts from the first failed renewal, however often Stripe reports it since.
        pastDueSince: overdue ? sql`coalesce(${subscriptions.pastDueSince}, now())` : null,
        updatedAt: new Date(),
      },
    });
}

/**
 * Applies a billing event once: the event id is recorded in the transaction that writes the subscription
 * and its invoice, so a redelivery (or a concurrent one) changes nothing. Stripe is read first, outside the
 * transaction: unreachable, it is a 503 with nothing recorded, and Stripe delivers the event again.
 */
export async function applyStripeBillingEvent(
  event: Stripe.Event,
  keepSeats: SeatKeeper,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const snapshot = await snapshotOf(event);
  const db = await database();
  return db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, event))) return 'duplicate' as const;
    if (!snapshot) return 'ignored' as const;
    const customerId = idOf(snapshot.subscription?.customer ?? snapshot.invoice?.customer);
    const [billed] = customerId
      ? await tx
          .select({ workspaceId: stripeCustomers.workspaceId })
          .from(stripeCustomers)
          .where(eq(stripeCustomers.customerId, customerId))
          .limit(1)
      : [];
    // A customer this site did not create (another integration of the same Stripe account).
    if (!billed) return 'ignored' as const;
    if (snapshot.invoice) await keepStripeInvoice(tx, billed.workspaceId, snapshot.invoice, snapshot.readAt);
    if (snapshot.subscription) {
      await keepSubscription(tx, billed.workspaceId, snapshot.subscription, snapshot.readAt);
      await keepSeats(tx, billed.workspaceId);
    }
    return 'applied' as const;
  });
}
