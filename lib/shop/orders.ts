import 'server-only';
import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { orders, products, type OrderStatus } from '@/lib/db/schema';
import { firstDelivery } from '@/lib/payments/webhook-events';
import { CHECKOUT_LIFETIME_MS, type ProviderSession } from '@/lib/payments/provider';

export type OrderSummary = {
  id: string;
  /** The short reference people read (`K7M4-Q2XD`). */
  reference: string;
  status: OrderStatus;
  quantity: number;
  amountCents: number;
  currency: string;
  locale: 'en' | 'de';
  createdAt: string;
  paidAt: string | null;
  /** When a guest's order joined the account (lib/shop/guest-orders), else null. */
  attachedAt: string | null;
  product: { slug: string; name: { en: string; de: string } };
};

/** An order as its receipt shows it: with the buyer's address and the VAT its amount includes. */
export type OrderReceipt = OrderSummary & { email: string | null; vatRateBasisPoints: number };

/**
 * A checkout event, as Stripe's webhook delivers it (and the local checkout raises it). `session` is
 * the event's own copy, or (with Stripe configured) the session as Stripe reports it now, with its
 * `status`.
 */
export type CheckoutEvent = {
  id: string;
  type: string;
  session: {
    id: string;
    paymentStatus: string | null;
    orderId: string | null;
    status?: 'open' | 'complete' | 'expired';
    email?: string | null;
  };
};

export const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const summaryColumns = {
  id: orders.id,
  reference: orders.reference,
  status: orders.status,
  quantity: orders.quantity,
  amountCents: orders.amountCents,
  currency: orders.currency,
  locale: orders.locale,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  attachedAt: orders.attachedAt,
  slug: products.slug,
  name: products.name,
};

type SummaryRow = Omit<OrderSummary, 'createdAt' | 'paidAt' | 'attachedAt' | 'product'> & {
  createdAt: Date;
  paidAt: Date | null;
  attachedAt: Date | null;
  slug: string;
  name: { en: string; de: string };
};

/**
 * An order still pending when its checkout can no longer be paid (the provider's lifetime, and an hour
 * for its last event to arrive) has expired, whether or not that event ever came.
 */
const STALE_AFTER_MS = CHECKOUT_LIFETIME_MS + 60 * 60 * 1000;

function statusNow(status: OrderStatus, createdAt: Date): OrderStatus {
  return status === 'pending' && Date.now() - createdAt.getTime() > STALE_AFTER_MS ? 'expired' : status;
}

function summary(row: SummaryRow): OrderSummary {
  return {
    id: row.id,
    reference: row.reference,
    status: statusNow(row.status, row.createdAt),
    quantity: row.quantity,
    amountCents: row.amountCents,
    currency: row.currency,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    attachedAt: row.attachedAt?.toISOString() ?? null,
    product: { slug: row.slug, name: row.name },
  };
}

/**
 * Moves an order towards `target`. Paid is final: a late `expired` or `failed` never takes a payment
 * back, while `paid` wins over anything (events may arrive in any order). A checkout the buyer
 * cancelled stays cancelled when its provider later reports it expired. A payment, or its failure, keeps
 * the address the buyer gave at the checkout when the order had none (a guest's), for the e-mail about it.
 */
async function settle(
  executor: Executor,
  orderId: string,
  target: Exclude<OrderStatus, 'pending'>,
  email?: string | null,
): Promise<boolean> {
  const [current] = await executor
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
    .limit(1);
  if (!current || current.status === 'paid' || current.status === target) return false;
  if (current.status === 'cancelled' && target !== 'paid') return false;
  await executor
    .update(orders)
    .set({
      status: target,
      updatedAt: new Date(),
      ...(target === 'paid' && { paidAt: new Date() }),
      ...((target === 'paid' || target === 'failed') && email && { email: sql`coalesce(${orders.email}, ${email})` }),
    })
    .where(eq(orders.id, orderId));
  return true;
}

/** The id of the order a provider's checkout session belongs to, or null when it is none of ours. */
export async function orderIdFor(
  executor: Executor,
  session: Pick<CheckoutEvent['session'], 'id' | 'orderId'>,
): Promise<string | null> {
  if (session.orderId && UUID.test(session.orderId)) {
    const [row] = await executor.select({ id: orders.id }).from(orders).where(eq(orders.id, session.orderId)).limit(1);
    if (row) return row.id;
  }
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.checkoutSessionId, session.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Applies a checkout event once: the event id is recorded in the same transaction as the order's
 * change, so a redelivery (or a concurrent one) finds it and changes nothing.
 */
export async function applyCheckoutEvent(
  event: CheckoutEvent,
  executor?: Executor,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const work = async (tx: Executor) => {
    if (!(await firstDelivery(tx, event))) return 'duplicate' as const;
    const orderId = await orderIdFor(tx, event.session);
    if (!orderId) return 'ignored' as const;
    if (!(CHECKOUT_EVENTS as readonly string[]).includes(event.type)) return 'ignored' as const;
    const { paymentStatus, status, email } = event.session;
    // Paid wins, whatever the event: events arrive in any order, and a session read from Stripe is the truth.
    if (paymentStatus === 'paid' || paymentStatus === 'no_payment_required') await settle(tx, orderId, 'paid', email);
    else if (event.type === 'checkout.session.async_payment_failed') await settle(tx, orderId, 'failed', email);
    // A session read from Stripe must really have expired; an event's own copy is taken at its word.
    else if (event.type === 'checkout.session.expired' && (status === undefined || status === 'expired'))
      await settle(tx, orderId, 'expired');
    // Completed unpaid: a delayed payment method, whose outcome comes as an event of its own.
    return 'applied' as const;
  };
  if (executor) return work(executor);
  const db = await database();
  return db.transaction(work);
}

/**
 * The order of a checkout session the provider has just reported (the return from the checkout):
 * marked paid only when the provider says it is paid. Null for a session that is not one of ours.
 */
export async function confirmCheckout(session: ProviderSession): Promise<{ id: string; locale: 'en' | 'de' } | null> {
  const db = await database();
  return db.transaction(async (tx) => {
    const orderId = await orderIdFor(tx, session);
    if (!orderId) return null;
    const [order] = await tx
      .select({ id: orders.id, locale: orders.locale, sessionId: orders.checkoutSessionId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1);
    // The session must be the one this order was sent to.
    if (order.sessionId !== session.id) return null;
    if (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required')
      await settle(tx, orderId, 'paid', session.email);
    return { id: order.id, locale: order.locale };
  });
}

/** The summaries of the orders that `where` selects (with their product), newest first. */
async function summaries(where: SQL | undefined, limit: number, offset = 0): Promise<OrderSummary[]> {
  const db = await database();
  const rows = await db
    .select(summaryColumns)
    .from(orders)
    .innerJoin(products, eq(orders.productId, products.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return rows.map(summary);
}

/** An order as the test checkout shows it (by its unguessable id; nothing personal in it). */
export async function orderSummary(id: string): Promise<OrderSummary | null> {
  if (!UUID.test(id)) return null;
  const [found] = await summaries(eq(orders.id, id), 1);
  return found ?? null;
}

/** Who may see or cancel an order: a guest's by its id alone, a signed-in buyer's by that user only. */
function visibleTo(id: string, viewer: string | null): SQL | undefined {
  return and(eq(orders.id, id), viewer ? or(isNull(orders.uid), eq(orders.uid, viewer)) : isNull(orders.uid));
}

/**
 * An order as its buyer may see it, for its receipt: a guest's order by its id alone (the id is what
 * the checkout handed to that browser), a signed-in buyer's only to that user (`viewer`); else null.
 */
export async function orderOfViewer(id: string, viewer: string | null): Promise<OrderReceipt | null> {
  if (!UUID.test(id)) return null;
  const db = await database();
  const [row] = await db
    .select({ ...summaryColumns, email: orders.email, vatRateBasisPoints: orders.vatRateBasisPoints })
    .from(orders)
    .innerJoin(products, eq(orders.productId, products.id))
    .where(visibleTo(id, viewer))
    .limit(1);
  return row ? { ...summary(row), email: row.email, vatRateBasisPoints: row.vatRateBasisPoints } : null;
}

/** The user's orders, newest first. */
export function ordersOf(uid: string, limit = 20): Promise<OrderSummary[]> {
  return summaries(eq(orders.uid, uid), limit);
}

export const ORDER_PAGE_SIZE = 20;

/** A page of the user's orders, newest first; a page past the last is answered with the last. */
export async function orderPage(
  uid: string,
  page: number,
): Promise<{ items: OrderSummary[]; total: number; page: number; pages: number }> {
  const db = await database();
  const [{ total }] = await db.select({ total: count() }).from(orders).where(eq(orders.uid, uid));
  const pages = Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const items = total ? await summaries(eq(orders.uid, uid), ORDER_PAGE_SIZE, (current - 1) * ORDER_PAGE_SIZE) : [];
  return { items, total, page: current, pages };
}

/**
 * The buyer left the checkout of an order and its provider session was closed (`session`: as the
 * provider reports it then). Paid when the payment came first, else cancelled; answers the status.
 */
export async function cancelOrder(
  id: string,
  session: Pick<ProviderSession, 'paymentStatus' | 'email'> | null,
): Promise<OrderStatus> {
  const db = await database();
  return db.transaction(async (tx) => {
    const paid = session?.paymentStatus === 'paid' || session?.paymentStatus === 'no_payment_required';
    await settle(tx, id, paid ? 'paid' : 'cancelled', session?.email);
    const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    return row.status;
  });
}
