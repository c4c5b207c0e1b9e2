import { GRACE_DAYS } from './plans';

/**
 * What the dashboard tells a workspace's members about its payment: a renewal is overdue (and when the workspace
 * becomes read-only), or it is read-only until paid; null when all is well.
 */
export type BillingNotice = { kind: 'pastDue'; readOnlyFrom: string } | { kind: 'readOnly' } | null;

/**
 * The notice of a workspace's overdue state as its current-workspace query reads it (`status|since`, lib/
 * workspaces/service.ts), so that the dashboard asks the database nothing more for it.
 */
export function billingNotice(overdue: string | null): BillingNotice {
  if (!overdue) return null;
  const [status, since] = overdue.split('|');
  if (status === 'read_only') return { kind: 'readOnly' };
  return { kind: 'pastDue', readOnlyFrom: readOnlyFrom(since ? new Date(since) : new Date()) };
}

/** When a workspace past due since `pastDueSince` becomes read-only: after the grace period. */
export const readOnlyFrom = (pastDueSince: Date) =>
  new Date(pastDueSince.getTime() + GRACE_DAYS * 24 * 60 * 60 * 1000).toISOString();
