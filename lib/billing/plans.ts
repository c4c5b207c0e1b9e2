// What each plan costs and unlocks: the one table the API, the data layer, the storefront and the billing page
// read (README.md, "Plans and entitlements"). A feature is listed only once the code holds it back without it.

export const PLAN_IDS = ['free', 'starter', 'professional', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** The plans that are bought (the free tier is what a workspace has without one). */
export type PaidPlanId = Exclude<PlanId, 'free'>;
export const PAID_PLAN_IDS = PLAN_IDS.filter((id): id is PaidPlanId => id !== 'free');

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/**
 * - `businessHours`: opening hours per widget, the away message and the e-mail fallback outside them;
 * - `autoAssign`: new conversations assigned to available members in turn, within each one's capacity;
 * - `identityVerification`: a widget secret that signs the site's own users into the widget;
 * - `removeBranding`: no "Chat by Plauder" line in the visitor's panel.
 */
export const FEATURES = ['businessHours', 'autoAssign', 'identityVerification', 'removeBranding'] as const;
export type Feature = (typeof FEATURES)[number];

export type Plan = {
  id: PlanId;
  /** Members of the workspace, the owner included. */
  seats: number;
  widgets: number;
  features: readonly Feature[];
  /** Gross prices in euro cents (VAT included for consumers in Germany); null for the free tier. */
  prices: Record<BillingInterval, number> | null;
};

export const TRIAL_DAYS = 14;

/** How long a workspace stays usable after a failed renewal before it becomes read-only. */
export const GRACE_DAYS = 14;

export const PLANS: Record<PlanId, Plan> = {
  free: { id: 'free', seats: 1, widgets: 1, features: [], prices: null },
  starter: {
    id: 'starter',
    seats: 3,
    widgets: 3,
    features: ['businessHours'],
    prices: { month: 1900, year: 19000 },
  },
  professional: {
    id: 'professional',
    seats: 10,
    widgets: 10,
    features: ['businessHours', 'autoAssign', 'identityVerification', 'removeBranding'],
    prices: { month: 4900, year: 49000 },
  },
  business: {
    id: 'business',
    seats: 30,
    widgets: 50,
    features: ['businessHours', 'autoAssign', 'identityVerification', 'removeBranding'],
    prices: { month: 12900, year: 129000 },
  },
};

export const PLAN_CURRENCY = 'EUR';

/** The order of the plans, from the smallest: an upgrade moves right. */
export function planRank(plan: PlanId): number {
  return PLAN_IDS.indexOf(plan);
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function hasFeature(plan: PlanId, feature: Feature): boolean {
  return PLANS[plan].features.includes(feature);
}

/** The smallest plan that has the feature: the one a refusal names. */
export function planWithFeature(feature: Feature): PaidPlanId {
  return PAID_PLAN_IDS.find((id) => hasFeature(id, feature))!;
}

/** The smallest plan with at least `count` seats (or widgets); the largest when none has that many. */
export function planWith(kind: 'seats' | 'widgets', count: number): PaidPlanId {
  return PAID_PLAN_IDS.find((id) => PLANS[id][kind] >= count) ?? PAID_PLAN_IDS[PAID_PLAN_IDS.length - 1];
}
