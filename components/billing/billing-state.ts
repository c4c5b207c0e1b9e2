import type { BillingView } from '@/lib/billing/overview';

/**
 * The billing of a workspace as its page shows it: GET /api/workspaces/:wid/billing, which every billing action
 * answers too, so the page shows the outcome at once.
 */
export type BillingState = BillingView;

/** Whether the workspace has a subscription that is not over. */
export function subscribed(billing: BillingState): boolean {
  return billing.status !== null && billing.status !== 'canceled';
}
