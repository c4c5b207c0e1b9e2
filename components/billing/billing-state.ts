import type { BillingInterval, PaidPlanId, PlanId } from '@/lib/billing/plans';
import type { SubscriptionStatus } from '@/lib/db/schema/billing';

/**
 * The billing of a workspace as its page shows it: GET /api/workspaces/:wid/billing, which every billing action
 * answers too, so the page shows the outcome at once. The fields after `invoices` are the page's extras.
 */
export type BillingState = {
  plan: PlanId;
  interval: BillingInterval | null;
  status: SubscriptionStatus | null;
  seats: { used: number; paid: number };
  widgets: { used: number; allowed: number };
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  invoices: Array<{ number: string; total: number; currency: string; pdfUrl: string; issuedAt?: string }>;
  /** A downgrade waiting for the end of the period. */
  pendingPlan?: PaidPlanId | null;
  pendingInterval?: BillingInterval | null;
  trialEnd?: string | null;
  /** The next charge: its gross amount in cents (null when nothing will be charged). */
  nextChargeCents?: number | null;
  paymentMethod?: { brand: string; last4: string } | null;
  /** When an overdue workspace becomes (or became) read-only. */
  readOnlyFrom?: string | null;
  /** A plan bought once before subscriptions (kept for life), if any. */
  lifetimePlan?: PaidPlanId | null;
};

/** Whether the workspace has a subscription that is not over. */
export function subscribed(billing: BillingState): boolean {
  return billing.status !== null && billing.status !== 'canceled';
}
