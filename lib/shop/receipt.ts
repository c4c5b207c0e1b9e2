import 'server-only';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { database } from '@/lib/db';
import { orders } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/paths';
import { sendMail } from '@/lib/mail';
import { orderIdFor, orderOfViewer, type CheckoutEvent } from './orders';

/** The seller as a receipt names it: the legal pages' operator. */
function seller(): string {
  const { name, street, postalCode, city } = env.operator;
  return `${name}, ${street}, ${postalCode} ${city}`;
}

/**
 * Sends a paid order's receipt to the buyer's address, once: whichever of the payment's paths (the
 * webhook, the return from the checkout, the local payment, the cancel page that found it paid) comes
 * first claims it with a conditional update; a failed sending releases the claim for the next one.
 * Never throws: the payment stands whether or not the e-mail went out.
 */
export async function sendReceipt(orderId: string): Promise<void> {
  const db = await database();
  const [claimed] = await db
    .update(orders)
    .set({ receiptSentAt: new Date() })
    .where(
      and(eq(orders.id, orderId), eq(orders.status, 'paid'), isNotNull(orders.email), isNull(orders.receiptSentAt)),
    )
    .returning({ uid: orders.uid });
  if (!claimed) return;
  try {
    const order = (await orderOfViewer(orderId, claimed.uid))!;
    const path = claimed.uid ? '/dashboard/widgets' : '/signup';
    await sendMail('receipt', order.email!, order.locale, {
      reference: order.reference,
      paidAt: order.paidAt ?? order.createdAt,
      product: order.product.name[order.locale],
      quantity: order.quantity,
      amountCents: order.amountCents,
      currency: order.currency,
      vatRateBasisPoints: order.vatRateBasisPoints,
      email: order.email!,
      guest: !claimed.uid,
      link: `${env.siteUrl}${localizedPath(path, order.locale)}`,
      seller: seller(),
    });
  } catch (error) {
    console.error(`mail: the receipt of order ${orderId} was not sent: ${(error as Error).message}`);
    await db
      .update(orders)
      .set({ receiptSentAt: null })
      .where(eq(orders.id, orderId))
      .catch(() => console.error(`mail: the receipt of order ${orderId} stays unsent (the database did not answer)`));
  }
}

/** The receipt of the order a checkout session belongs to (after its event was applied). */
export async function sendReceiptOf(session: CheckoutEvent['session']): Promise<void> {
  const orderId = await orderIdFor(await database(), session);
  if (orderId) await sendReceipt(orderId);
}
