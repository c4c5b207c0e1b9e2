// The storefront's view of the plans: what each one costs per month and per year, gross and net, and where
// buying one leads. Everything comes from the one table of plans (lib/billing/plans.ts).
import { PAID_PLAN_IDS, PLANS, type BillingInterval, type PaidPlanId } from '@/lib/billing/plans';
import { localizedHref } from '@/lib/i18n/href';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { GERMAN_VAT_BASIS_POINTS, splitVat } from '@/lib/money';

/** The plan a catalogue product sells (its slug is the plan's id), or null for anything else (a service). */
export function planOfProduct(slug: string): PaidPlanId | null {
  return (PAID_PLAN_IDS as readonly string[]).includes(slug) ? (slug as PaidPlanId) : null;
}

export type PlanPrice = {
  /** What a consumer in Germany pays per interval, VAT included (the table's price). */
  grossCents: number;
  /** The same without German VAT: what a business with a VAT ID pays. */
  netCents: number;
  vatPercent: number;
  /** Yearly only: the gross price spread over twelve months, and what twelve monthly payments would cost more. */
  perMonthCents: number;
  savingCents: number;
};

export function planPrice(plan: PaidPlanId, interval: BillingInterval): PlanPrice {
  const prices = PLANS[plan].prices!;
  const grossCents = prices[interval];
  const { netCents, ratePercent } = splitVat(grossCents, GERMAN_VAT_BASIS_POINTS);
  const yearly = interval === 'year';
  return {
    grossCents,
    netCents,
    vatPercent: ratePercent,
    perMonthCents: yearly ? Math.round(grossCents / 12) : grossCents,
    savingCents: yearly ? prices.month * 12 - grossCents : 0,
  };
}

/** The yearly saving every plan gives at least, in whole percent of twelve monthly payments. */
export function yearlySavingPercent(): number {
  return Math.min(
    ...PAID_PLAN_IDS.map((plan) =>
      Math.round((planPrice(plan, 'year').savingCents * 100) / (PLANS[plan].prices!.month * 12)),
    ),
  );
}

/** The billing page that subscribes the signed-in owner's workspace to `plan`, in the visitor's language. */
export function billingPagePath(plan: PaidPlanId, interval: BillingInterval, locale: Locale): string {
  return localizedHref({ pathname: '/dashboard/billing', query: { plan, interval } }, locale);
}

/**
 * Where a plan's button leads a visitor: the sign-up (which links the login with the same target), then the
 * billing page. The target is a same-origin path, as the sign-up and login pages accept it.
 */
export function planSignupHref(plan: PaidPlanId, interval: BillingInterval, locale: Locale): string {
  return localizedHref({ pathname: '/signup', query: { redirect: billingPagePath(plan, interval, locale) } }, locale);
}

/** The free tier's button: a new account, whose first workspace is on the free plan. */
export function freeSignupHref(locale: Locale): string {
  return localizedPath('/signup', locale);
}
