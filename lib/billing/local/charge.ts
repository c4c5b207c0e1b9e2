import 'server-only';
import { eq } from 'drizzle-orm';
import type { Executor } from '@/lib/db/types';
import { charges, paymentMethods, type ChargeKind } from '@/lib/db/schema';
import { PLANS, PLAN_CURRENCY, type BillingInterval, type PaidPlanId } from '../plans';
import { buyerPays } from '../invoices/issue';
import { invoiceCharge } from './invoicing';

/** A charge of the local engine (the invoices hang one invoice off each paid charge). */
export type Charge = typeof charges.$inferSelect;

/** The end of a period of `interval` from `start`, months added as PostgreSQL adds them (31 Jan + 1 month: 29 Feb). */
export function addPeriod(start: Date, interval: BillingInterval): Date {
  const end = new Date(start);
  const day = start.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + (interval === 'year' ? 12 : 1));
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}

/**
 * The ids of the subscriptions the local checkout makes; the engine bills only those (a plan granted at the data,
 * as the tests of entitlements do, has no checkout and no card behind it).
 */
export const LOCAL_SUBSCRIPTION_PREFIX = 'sub_local_';

export const priceOf = (plan: PaidPlanId, interval: BillingInterval) => PLANS[plan].prices![interval];

/**
 * Charges the workspace's card on file and records the charge, paid or failed (a workspace without a card, or
 * with Stripe's card that fails later, fails). `listedCents` is the plan's listed price (German VAT included);
 * the card is charged what this buyer pays for it (buyerPays), which is the total of the charge's invoice.
 * Answers null when this charge exists already: the unique (subscription, kind, period start) makes a renewal
 * that two instances process at once charged once.
 */
export async function chargeCard(
  tx: Executor,
  subscription: { id: string; workspaceId: string },
  input: {
    kind: ChargeKind;
    listedCents: number;
    plan: PaidPlanId;
    interval: BillingInterval;
    periodStart: Date;
    periodEnd: Date;
    at: Date;
  },
): Promise<Charge | null> {
  const { listedCents, ...rest } = input;
  const amountCents = await buyerPays(tx, subscription.workspaceId, listedCents);
  const [card] = await tx
    .select({ failsCharges: paymentMethods.failsCharges })
    .from(paymentMethods)
    .where(eq(paymentMethods.workspaceId, subscription.workspaceId));
  const [charge] = await tx
    .insert(charges)
    .values({
      subscriptionId: subscription.id,
      ...rest,
      amountCents,
      currency: PLAN_CURRENCY,
      status: card && !card.failsCharges ? 'paid' : 'failed',
    })
    .onConflictDoNothing()
    .returning();
  if (charge?.status === 'paid') await invoiceCharge(tx, subscription.workspaceId, charge, listedCents);
  return charge ?? null;
}
