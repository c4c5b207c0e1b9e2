import 'server-only';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { database } from '@/lib/db';
import { subscriptions } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { env } from '@/lib/env';
import { requireBillingOwner } from './owner';
import { stripeClient } from '@/lib/payments/stripe';
import { TRIAL_DAYS, type BillingInterval, type PaidPlanId } from './plans';
import { ensureStripeCustomer, stripeCustomerIdOf, stripeFailure } from './stripe-customers';

export type StripeSubscriptionCheckout = {
  workspaceId: string;
  ownerUid: string;
  ownerEmail: string;
  plan: PaidPlanId;
  interval: BillingInterval;
  /** Asked for a trial: given only to a workspace that never had one. */
  trial: boolean;
  locale: 'en' | 'de';
  successUrl: string;
  cancelUrl: string;
  /** The purchase intent's key (the request's Idempotency-Key): a repeat opens the same Checkout Session. */
  requestKey: string;
};

/** Stripe sends the buyer back only to this site. */
function sameOrigin(url: string): string {
  if (URL.canParse(url) && new URL(url).origin === new URL(env.siteUrl).origin) return url;
  throw new ApiError('invalidBody', { returnUrl: { code: 'invalid' } });
}

function pricesOrUnavailable() {
  if (env.stripe.prices) return env.stripe.prices;
  console.error('Stripe: no subscription prices configured (STRIPE_PRICE_*)');
  throw new ApiError('paymentUnavailable');
}

/** Whether the workspace has a subscription that is not canceled, and whether it ever had a trial. */
async function historyOf(workspaceId: string) {
  const db = await database();
  const [current] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), ne(subscriptions.status, 'canceled')))
    .limit(1);
  const [trialed] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), isNotNull(subscriptions.trialEnd)))
    .limit(1);
  return { subscribed: !!current, trialed: !!trialed };
}

/**
 * Stripe Checkout in subscription mode for a workspace's owner: the plan's price, billed to the workspace's
 * customer (its address and name saved from the checkout), promotion codes and a business's VAT ID accepted.
 * A workspace with a current subscription changes it in the Customer Portal instead (409).
 */
export async function createStripeSubscriptionCheckout(request: StripeSubscriptionCheckout): Promise<{ url: string }> {
  const { workspaceId, plan, interval, locale } = request;
  const successUrl = sameOrigin(request.successUrl);
  const cancelUrl = sameOrigin(request.cancelUrl);
  const price = pricesOrUnavailable()[plan][interval];
  await requireBillingOwner({ uid: request.ownerUid }, workspaceId);
  const { subscribed, trialed } = await historyOf(workspaceId);
  if (subscribed) throw new ApiError('subscriptionExists');
  const customer = await ensureStripeCustomer(workspaceId, request.ownerEmail, locale);
  try {
    const session = await stripeClient().checkout.sessions.create(
      {
        mode: 'subscription',
        customer,
        customer_update: { address: 'auto', name: 'auto' },
        line_items: [{ price, quantity: 1 }],
        subscription_data: {
          ...(request.trial && !trialed && { trial_period_days: TRIAL_DAYS }),
          metadata: { workspaceId },
        },
        allow_promotion_codes: true,
        tax_id_collection: { enabled: true },
        billing_address_collection: 'required',
        locale,
        client_reference_id: workspaceId,
        metadata: { workspaceId, plan, interval },
        success_url: successUrl,
        cancel_url: cancelUrl,
      },
      // The workspace in the key: another workspace's request can never replay this one's session.
      { idempotencyKey: `subscription-${workspaceId}-${request.requestKey}` },
    );
    if (!session.url) throw new Error('Stripe answered a session without a URL');
    return { url: session.url };
  } catch (error) {
    throw stripeFailure(error, 'the subscription checkout was not opened');
  }
}

/** A Customer Portal session for the workspace's customer (a new one per click: each is short-lived). */
export async function createStripePortalSession(request: {
  workspaceId: string;
  returnUrl: string;
  locale: 'en' | 'de';
}): Promise<{ url: string }> {
  const returnUrl = sameOrigin(request.returnUrl);
  const customer = await stripeCustomerIdOf(request.workspaceId);
  if (!customer) throw new ApiError('noStripeCustomer');
  try {
    const session = await stripeClient().billingPortal.sessions.create({
      customer,
      return_url: returnUrl,
      locale: request.locale,
    });
    return { url: session.url };
  } catch (error) {
    throw stripeFailure(error, 'the portal session was not opened');
  }
}
