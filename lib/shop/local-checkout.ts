import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { database } from '@/lib/db';
import { localCheckoutSessions, orders } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { validate } from '@/lib/api/request';
import { localPaymentSchema } from '@/lib/shop/schema';
import { localizedPath } from '@/lib/i18n/paths';
import { applyCheckoutEvent } from '@/lib/shop/orders';
import { cardDigits } from '@/lib/payments/cards';
import { sendReceipt } from '@/lib/shop/receipt';
import {
  CHECKOUT_LIFETIME_MS,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderSession,
} from '@/lib/payments/provider';

/** Stripe's test cards (docs.stripe.com/testing) and what its test mode answers them; others are declined. */
export const TEST_CARDS: Record<string, 'succeeds' | 'cardDeclined' | 'expiredCard' | 'incorrectCvc'> = {
  '4242424242424242': 'succeeds', // Visa
  '5555555555554444': 'succeeds', // Mastercard
  '378282246310005': 'succeeds', // American Express (a 4-digit security code)
  '4000000000000002': 'cardDeclined', // card_declined (generic_decline)
  '4000000000000069': 'expiredCard', // expired_card
  '4000000000000127': 'incorrectCvc', // incorrect_cvc
};

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

/**
 * Pays a local checkout with one of Stripe's test cards, answered as Stripe's test mode answers it:
 * 4242 4242 4242 4242 (and the other cards that succeed) pays; 4000 0000 0000 0002 is declined
 * (`card_declined`), 4000 0000 0000 0069 has expired (`expired_card`), 4000 0000 0000 0127 has another
 * security code (`incorrect_cvc`), each a 402 with Stripe's meaning; any other number is declined, as
 * Stripe declines real cards in test mode. The card form is checked first, every field at once (400). A
 * successful payment completes the session and raises `checkout.session.completed` in the same
 * transaction, as Stripe's webhook would; the browser then goes to the session's success URL. Like Stripe,
 * the checkout asks for the buyer's e-mail address (the receipt's) unless the order has it (a signed-in
 * buyer's).
 */
export async function payLocalCheckout(id: string, body: unknown): Promise<{ successUrl: string }> {
  const db = await database();
  const { successUrl, orderId } = await db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.id, id))
      .for('update')
      .limit(1);
    if (!session) throw new ApiError('notFound');
    const [order] = await tx
      .select({ email: orders.email, status: orders.status })
      .from(orders)
      .where(eq(orders.id, session.orderId));
    const { card, email } = validate(localPaymentSchema(!order.email), body);
    if (statusOf(session) !== 'open')
      throw new ApiError(order.status === 'cancelled' ? 'checkoutCancelled' : 'checkoutClosed');
    const outcome = TEST_CARDS[cardDigits(card)!] ?? 'cardDeclined';
    if (outcome !== 'succeeds') throw new ApiError(outcome);
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
