import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { database } from '@/lib/db';
import { billingDetails, subscriptionCheckouts, subscriptions } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { CHECKOUT_LIFETIME_MS } from '@/lib/payments/provider';
import { z } from 'zod';
import type { Executor } from '@/lib/db/types';
import { billingNow } from '../clock';
import type { SeatKeeper } from '../entitlements';
import { buysAsConsumer } from '../details';
import { requireBillingOwner } from '../owner';
import { TRIAL_DAYS, type BillingInterval, type PaidPlanId } from '../plans';
import { buyerPays } from '../invoices/issue';
import { acceptCard, keepCard } from './cards';
import { LOCAL_SUBSCRIPTION_PREFIX, addPeriod, chargeCard, priceOf } from './charge';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECKOUT_ID = /^cs_local_[0-9a-f]{32}$/;

export type CheckoutRow = typeof subscriptionCheckouts.$inferSelect;

/** Where a paid subscription checkout sends the owner: the billing page. */
export const billingPath = (locale: Locale) => localizedPath('/dashboard/billing', locale);

/** 409 `subscriptionExists` while the workspace has a subscription that is not canceled (change it instead). */
async function assertNoCurrentSubscription(workspaceId: string) {
  const db = await database();
  const [current] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), ne(subscriptions.status, 'canceled')))
    .limit(1);
  if (current) throw new ApiError('subscriptionExists');
}

/**
 * 409 `billingDetailsMissing` until the owner saved the workspace's billing details: the invoices name them and
 * the price charged depends on them (Stripe Checkout asks for them itself).
 */
async function assertBillingDetails(workspaceId: string) {
  const db = await database();
  const [details] = await db
    .select({ id: billingDetails.workspaceId })
    .from(billingDetails)
    .where(eq(billingDetails.workspaceId, workspaceId))
    .limit(1);
  if (!details) throw new ApiError('billingDetailsMissing');
}

/**
 * Opens the local checkout of a subscription (the owner's, with billing details saved), one per workspace and
 * request key: a repeated request answers the same one (`created` false); the same key with another plan is 422.
 */
export async function openLocalSubscriptionCheckout(
  user: { uid: string },
  workspaceId: string,
  input: { plan: PaidPlanId; interval: BillingInterval; trial: boolean; key: string; locale: Locale },
): Promise<{ url: string; created: boolean }> {
  await requireBillingOwner(user, workspaceId);
  await assertNoCurrentSubscription(workspaceId);
  await assertBillingDetails(workspaceId);
  const db = await database();
  const [inserted] = await db
    .insert(subscriptionCheckouts)
    .values({
      id: `cs_local_${randomBytes(16).toString('hex')}`,
      workspaceId,
      uid: user.uid,
      requestKey: input.key,
      plan: input.plan,
      interval: input.interval,
      trial: input.trial,
      locale: input.locale,
      expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
    })
    .onConflictDoNothing({ target: [subscriptionCheckouts.workspaceId, subscriptionCheckouts.requestKey] })
    .returning();
  const [checkout] = inserted
    ? [inserted]
    : await db
        .select()
        .from(subscriptionCheckouts)
        .where(
          and(eq(subscriptionCheckouts.workspaceId, workspaceId), eq(subscriptionCheckouts.requestKey, input.key)),
        );
  if (checkout.plan !== input.plan || checkout.interval !== input.interval || checkout.trial !== input.trial)
    throw new ApiError('idempotencyKeyReused');
  return { url: localizedPath(`/shop/subscribe/${checkout.id}`, input.locale), created: Boolean(inserted) };
}

/** What the checkout's plan costs this workspace's buyer per interval: what its card is charged. */
export async function checkoutPrice(checkout: CheckoutRow): Promise<number> {
  return buyerPays(await database(), checkout.workspaceId, priceOf(checkout.plan as PaidPlanId, checkout.interval));
}

/** A subscription checkout by its id (the test checkout page shows it), or null. */
export async function subscriptionCheckout(id: string): Promise<CheckoutRow | null> {
  if (!CHECKOUT_ID.test(id)) return null;
  const db = await database();
  const [row] = await db.select().from(subscriptionCheckouts).where(eq(subscriptionCheckouts.id, id)).limit(1);
  return row ?? null;
}

/** Whether the workspace has had a trial (one per workspace, ever). */
async function hadTrial(tx: Executor, workspaceId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), isNotNull(subscriptions.trialEnd)))
    .limit(1);
  return Boolean(row);
}

/** Whether paying `checkout` starts with a trial (asked for, and the workspace's first). */
const startsTrial = async (tx: Executor, checkout: CheckoutRow) =>
  checkout.trial && !(await hadTrial(tx, checkout.workspaceId));

/**
 * Whether paying `checkout` needs the buyer's express request to start before the withdrawal period ends: a
 * consumer charged at once (no trial). The checkout page asks for it; the payment refuses to go on without it.
 */
export async function asksImmediateStartConsent(checkout: CheckoutRow, executor?: Executor): Promise<boolean> {
  const db = executor ?? (await database());
  return (await buysAsConsumer(db, checkout.workspaceId)) && !(await startsTrial(db, checkout));
}

/** The checkout form's consent checkbox, sent as `immediateStart: true` when ticked. */
const consentSchema = z.object({ immediateStart: z.literal(true) });

/**
 * Pays a subscription checkout with a test card, as its owner, in one transaction: the subscription (trialing
 * for 14 days when asked and the workspace never had a trial, no charge yet; else active with the first
 * charge, which a consumer must have asked to start at once: 422 without), the card kept. A repeated submit of a
 * paid checkout answers the same success; the one current subscription per workspace (a unique index) refuses a
 * second one with 409. A declined card changes nothing.
 */
export async function payLocalSubscriptionCheckout(
  user: { uid: string },
  id: string,
  body: unknown,
  keepSeats: SeatKeeper,
) {
  const db = await database();
  return db.transaction(async (tx) => {
    const [checkout] = CHECKOUT_ID.test(id)
      ? await tx.select().from(subscriptionCheckouts).where(eq(subscriptionCheckouts.id, id)).for('update').limit(1)
      : [];
    if (!checkout || checkout.uid !== user.uid) throw new ApiError('notFound');
    await requireBillingOwner(user, checkout.workspaceId, tx);
    const done = { url: billingPath(checkout.locale), subscriptionId: checkout.subscriptionId };
    if (checkout.status === 'complete') return done;
    const card = acceptCard(body);
    if (checkout.expiresAt <= new Date()) throw new ApiError('checkoutClosed');
    const consent = consentSchema.safeParse(body).success;
    if (!consent && (await asksImmediateStartConsent(checkout, tx))) throw new ApiError('withdrawalConsentRequired');
    const now = await billingNow(tx);
    const plan = checkout.plan as PaidPlanId;
    const trialEnd = (await startsTrial(tx, checkout)) ? new Date(+now + TRIAL_DAYS * DAY_MS) : null;
    const periodEnd = trialEnd ?? addPeriod(now, checkout.interval);
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        workspaceId: checkout.workspaceId,
        plan,
        interval: checkout.interval,
        status: trialEnd ? 'trialing' : 'active',
        provider: 'local',
        providerSubscriptionId: `${LOCAL_SUBSCRIPTION_PREFIX}${randomBytes(12).toString('hex')}`,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
        trialEnd,
        startedAt: now,
        immediateStartConsentAt: consent && !trialEnd ? now : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!subscription) throw new ApiError('subscriptionExists');
    await keepCard(tx, checkout.workspaceId, card);
    if (!trialEnd) {
      const charge = await chargeCard(tx, subscription, {
        kind: 'initial',
        listedCents: priceOf(plan, checkout.interval),
        plan,
        interval: checkout.interval,
        periodStart: now,
        periodEnd,
        at: now,
      });
      // Stripe's 0341 card attaches but its first charge fails: the checkout is declined, nothing is kept.
      if (charge?.status !== 'paid') throw new ApiError('cardDeclined');
    }
    await tx
      .update(subscriptionCheckouts)
      .set({ status: 'complete', subscriptionId: subscription.id })
      .where(eq(subscriptionCheckouts.id, id));
    await keepSeats(tx, checkout.workspaceId);
    return { ...done, subscriptionId: subscription.id };
  });
}
