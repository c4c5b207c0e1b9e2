import { z } from 'zod';
import { optional } from './env-fields';

// Stripe's price ids of the subscription plans (STRIPE_PRICE_<PLAN>_<INTERVAL>), part of lib/env's schema.
// Kept apart because they are validated together: all six or none, each a different price.

const PLANS = ['starter', 'professional', 'business'] as const;
const INTERVALS = ['month', 'year'] as const;
type PricedPlan = (typeof PLANS)[number];
type PriceInterval = (typeof INTERVALS)[number];

/** Each paid plan's Stripe price per billing interval. */
export type StripePrices = Readonly<Record<PricedPlan, Readonly<Record<PriceInterval, string>>>>;

const priceId = optional(z.string().regex(/^price_[A-Za-z0-9]{6,}$/, 'must be a Stripe price id (price_…)'));
const variable = (plan: PricedPlan, interval: PriceInterval) =>
  `STRIPE_PRICE_${plan.toUpperCase()}_${interval.toUpperCase()}` as const;
const NAMES = PLANS.flatMap((plan) => INTERVALS.map((interval) => variable(plan, interval)));

export const stripePriceSettings = Object.fromEntries(NAMES.map((name) => [name, priceId])) as Record<
  (typeof NAMES)[number],
  typeof priceId
>;

/** The configured prices, or null when none is set; throws when only some are, or one is used twice. */
export function stripePricesOf(
  value: Partial<Record<(typeof NAMES)[number], string | undefined>>,
): StripePrices | null {
  const missing = NAMES.filter((name) => !value[name]);
  if (missing.length === NAMES.length) return null;
  if (missing.length > 0)
    throw new Error(`Invalid environment configuration:\n  ${missing.join(', ')}: set all six Stripe prices or none`);
  // A price names its plan and interval when Stripe reports a subscription: one price, one meaning.
  if (new Set(NAMES.map((name) => value[name])).size !== NAMES.length)
    throw new Error(`Invalid environment configuration:\n  ${NAMES.join(', ')}: each must be a different price`);
  return Object.freeze(
    Object.fromEntries(
      PLANS.map((plan) => [
        plan,
        Object.freeze(Object.fromEntries(INTERVALS.map((interval) => [interval, value[variable(plan, interval)]!]))),
      ]),
    ) as unknown as StripePrices,
  );
}
