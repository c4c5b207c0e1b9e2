import 'server-only';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import {
  paymentMethods,
  subscriptions,
  widgets,
  workspaceInvitations,
  workspaceMembers,
  type SubscriptionStatus,
} from '@/lib/db/schema';
import { allowanceOf, entitlementOf } from './entitlements';
import { requireBillingOwner } from './owner';
import { readOnlyFrom } from './notice';
import { PAID_PLAN_IDS, PLANS, type BillingInterval, type PaidPlanId, type PlanId } from './plans';
import { billingNow, billsLocally } from './clock';
import { buysAsConsumer } from './details';
import { withdrawableUntil } from './local/withdrawal';
import { buyerPays } from './invoices/issue';
import { invoicesOf as localInvoices } from './invoices/list';
import { stripeInvoicesOf } from './stripe-invoices';

/** GET /api/workspaces/:wid/billing (issue 38, point 7). `invoices` is filled by the invoices' records. */
export type BillingView = {
  plan: PlanId;
  interval: BillingInterval | null;
  /** The latest subscription's status; null for a workspace that never subscribed. */
  status: SubscriptionStatus | null;
  seats: { used: number; paid: number };
  widgets: { used: number; allowed: number };
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  invoices: Array<{ number: string; total: number; currency: string; pdfUrl: string; issuedAt: string }>;
  /** Beyond the shape, for the billing page: a downgrade waiting for the period's end. */
  pendingPlan: PaidPlanId | null;
  pendingInterval: BillingInterval | null;
  trialEnd: string | null;
  /** What the next renewal charges this buyer (gross cents); null when none follows (cancelled, or none). */
  nextChargeCents: number | null;
  /** The local card on file (Stripe keeps its own, shown in its portal). */
  paymentMethod: { brand: string; last4: string } | null;
  /** When an overdue workspace becomes read-only. */
  readOnlyFrom: string | null;
  /** The plan in force was bought once, before subscriptions (kept for life). */
  lifetime: boolean;
  /** Until when the owner, a consumer, may withdraw from the contract (14 days from its start); else null. */
  withdrawableUntil: string | null;
};

/** The workspace's invoices, newest first: ours in local mode, Stripe's with a key. */
async function invoicesOf(workspaceId: string): Promise<BillingView['invoices']> {
  if (billsLocally())
    return (await localInvoices(workspaceId)).map(({ number, total, currency, pdfUrl, issuedAt }) => ({
      number,
      total,
      currency,
      pdfUrl,
      issuedAt,
    }));
  return (await stripeInvoicesOf(workspaceId))
    .filter((invoice) => invoice.pdfUrl || invoice.hostedInvoiceUrl)
    .map(({ number, total, currency, pdfUrl, hostedInvoiceUrl, issuedAt }) => ({
      number,
      total,
      currency,
      pdfUrl: (pdfUrl ?? hostedInvoiceUrl)!,
      issuedAt,
    }));
}

/**
 * The billing of a workspace as its owner sees it: the plan in force, its latest subscription (the current one,
 * else the last canceled), seats used as the invitations count them (members and pending invitations) and widgets.
 */
export async function billingOf(user: { uid: string }, workspaceId: string): Promise<BillingView> {
  await requireBillingOwner(user, workspaceId);
  const db = await database();
  const [entitlement, [subscription], [{ members }], [{ invited }], [{ used }], [card], invoices, now, consumer] =
    await Promise.all([
      entitlementOf(workspaceId, db),
      db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.workspaceId, workspaceId))
        .orderBy(sql`${subscriptions.status} = 'canceled'`, desc(subscriptions.createdAt))
        .limit(1),
      db.select({ members: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId)),
      db
        .select({ invited: count() })
        .from(workspaceInvitations)
        .where(
          and(
            eq(workspaceInvitations.workspaceId, workspaceId),
            isNull(workspaceInvitations.acceptedAt),
            isNull(workspaceInvitations.revokedAt),
            gt(workspaceInvitations.expiresAt, sql`now()`),
          ),
        ),
      db
        .select({ used: count() })
        .from(widgets)
        .where(and(eq(widgets.workspaceId, workspaceId), isNull(widgets.deactivatedAt))),
      db
        .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
        .from(paymentMethods)
        .where(eq(paymentMethods.workspaceId, workspaceId)),
      invoicesOf(workspaceId),
      billingNow(db),
      buysAsConsumer(db, workspaceId),
    ]);
  const allowance = allowanceOf(entitlement!);
  const more = extras(subscription, card ?? null);
  return {
    plan: entitlement!.plan,
    interval: subscription?.interval ?? null,
    status: subscription?.status ?? null,
    seats: { used: members + invited, paid: allowance.seats },
    widgets: { used, allowed: allowance.widgets },
    currentPeriodEnd: subscription?.currentPeriodEnd.toISOString() ?? null,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    invoices,
    ...more,
    // What this buyer pays: the charge and its invoice (a reverse-charge business pays the net).
    nextChargeCents: more.nextChargeCents === null ? null : await buyerPays(db, workspaceId, more.nextChargeCents),
    lifetime: entitlement!.source === 'lifetime',
    withdrawableUntil: withdrawableUntil(subscription ?? null, consumer, now)?.toISOString() ?? null,
  };
}

/** What the billing page shows beyond the shape. */
function extras(
  subscription: typeof subscriptions.$inferSelect | undefined,
  card: { brand: string; last4: string } | null,
): Pick<
  BillingView,
  'pendingPlan' | 'pendingInterval' | 'trialEnd' | 'nextChargeCents' | 'paymentMethod' | 'readOnlyFrom'
> {
  const current = subscription && subscription.status !== 'canceled' ? subscription : null;
  const next =
    current && !current.cancelAtPeriodEnd && isPaid(current.pendingPlan ?? current.plan)
      ? PLANS[(current.pendingPlan ?? current.plan) as PaidPlanId].prices![current.pendingInterval ?? current.interval]
      : null;
  return {
    pendingPlan: current && isPaid(current.pendingPlan) ? current.pendingPlan : null,
    pendingInterval: current?.pendingInterval ?? null,
    trialEnd: current?.trialEnd?.toISOString() ?? null,
    nextChargeCents: next,
    paymentMethod: current ? card : null,
    readOnlyFrom: current?.pastDueSince ? readOnlyFrom(current.pastDueSince) : null,
  };
}

const isPaid = (plan: string | null | undefined): plan is PaidPlanId =>
  !!plan && (PAID_PLAN_IDS as readonly string[]).includes(plan);
