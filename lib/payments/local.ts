import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { database } from '@/lib/db';
import { localCheckoutSessions, orders } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { localizedPath } from '@/lib/i18n/paths';
import { applyCheckoutEvent } from '@/lib/shop/orders';
import { sendReceipt } from '@/lib/shop/receipt';
import { CHECKOUT_LIFETIME_MS, type CheckoutRequest, type PaymentProvider, type ProviderSession } from './provider';

/** The test cards of the local checkout, as in Stripe's test mode. */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

type Row = typeof localCheckoutSessions.$inferSelect;

/** A local session's status; an open one past its expiry counts as expired. */
export function statusOf(row: Row, now = new Date()): ProviderSession['status'] {
  return row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;
}

/** The local test checkout (local mode, no Stripe key): sessions in the database, a checkout page in the app. */
export const localProvider: PaymentProvider = {
  name: 'local',
  async createCheckout({ order, successUrl, cancelUrl }: CheckoutRequest) {
    const candidate = `cs_local_${randomBytes(16).toString('hex')}`;
    const db = await database();
    // One session per order (a unique index): a repeated or concurrent request finds the first one.
    const [inserted] = await db
      .insert(localCheckoutSessions)
      .values({
        id: candidate,
        orderId: order.id,
        amountCents: order.amountCents,
        currency: order.currency,
        locale: order.locale,
        successUrl: successUrl.replace('{CHECKOUT_SESSION_ID}', candidate),
        cancelUrl,
        expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
      })
      .onConflictDoNothing({ target: localCheckoutSessions.orderId })
      .returning({ id: localCheckoutSessions.id });
    const [{ id }] = inserted
      ? [inserted]
      : await db
          .select({ id: localCheckoutSessions.id })
          .from(localCheckoutSessions)
          .where(eq(localCheckoutSessions.orderId, order.id));
    return { id, url: `${new URL(successUrl).origin}${localizedPath(`/shop/checkout/${id}`, order.locale)}` };
  },
  async retrieveCheckout(id: string) {
    const session = await localCheckoutSession(id);
    return (
      session && {
        id: session.id,
        status: statusOf(session),
        paymentStatus: session.paymentStatus,
        orderId: session.orderId,
      }
    );
  },
  async expireCheckout(id: string) {
    if (!/^cs_local_[0-9a-f]{32}$/.test(id)) return null;
    const db = await database();
    // Only an open session closes; a paid one stays complete (the payment locks its row the same way).
    await db
      .update(localCheckoutSessions)
      .set({ status: 'expired' })
      .where(
        and(
          eq(localCheckoutSessions.id, id),
          eq(localCheckoutSessions.status, 'open'),
          gt(localCheckoutSessions.expiresAt, new Date()),
        ),
      );
    return this.retrieveCheckout(id);
  },
};

export async function localCheckoutSession(id: string): Promise<Row | null> {
  if (!/^cs_local_[0-9a-f]{32}$/.test(id)) return null;
  const db = await database();
  const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, id)).limit(1);
  return row ?? null;
}

/** The address an order's receipt goes to, when it has one (a signed-in buyer's). */
export async function receiptAddress(orderId: string): Promise<string | null> {
  const db = await database();
  const [row] = await db.select({ email: orders.email }).from(orders).where(eq(orders.id, orderId));
  return row?.email ?? null;
}

/** A card number's digits when it passes the Luhn check, else null. */
export function cardDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return null;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0 ? digits : null;
}

/**
 * Pays a local checkout with a test card: 4242 4242 4242 4242 succeeds, anything else is declined
 * (402, as Stripe's test mode declines 4000 0000 0000 0002 and real cards). A successful payment
 * completes the session and raises `checkout.session.completed` in the same transaction, as Stripe's
 * webhook would; the browser then goes to the session's success URL. Like Stripe, the checkout asks for
 * the buyer's e-mail address (the receipt's) unless the order has it (a signed-in buyer's).
 */
export async function payLocalCheckout(id: string, card: string, email?: string): Promise<{ successUrl: string }> {
  const digits = cardDigits(card);
  const db = await database();
  const { successUrl, orderId } = await db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.id, id))
      .for('update')
      .limit(1);
    if (!session) throw new ApiError('notFound');
    const [order] = await tx.select({ email: orders.email }).from(orders).where(eq(orders.id, session.orderId));
    const emailMissing = !order.email && !email;
    if (!digits || emailMissing)
      throw new ApiError('invalidBody', {
        ...(!digits && { card: { code: 'invalid' } }),
        ...(emailMissing && { email: { code: 'required' } }),
      });
    if (statusOf(session) !== 'open') throw new ApiError('checkoutClosed');
    if (digits !== TEST_CARDS.success) throw new ApiError('cardDeclined');
    await tx
      .update(localCheckoutSessions)
      .set({ status: 'complete', paymentStatus: 'paid' })
      .where(eq(localCheckoutSessions.id, id));
    await applyCheckoutEvent(
      {
        id: `evt_${id}`,
        type: 'checkout.session.completed',
        session: { id, paymentStatus: 'paid', orderId: session.orderId, email },
      },
      tx,
    );
    return session;
  });
  await sendReceipt(orderId);
  return { successUrl };
}
