import 'server-only';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { orders, profiles } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/paths';
import { sendMail } from '@/lib/mail';
import { mailLater } from '@/lib/mail/later';
import { orderIdFor, orderOfViewer, type CheckoutEvent } from './orders';

/**
 * Mails the buyer that the payment of an order failed after its checkout (a delayed payment method's
 * outcome: the buyer left the checkout believing it paid), unless a signed-in buyer turned "When the
 * status of an order changes" off. A guest has no settings and gets it, like the receipt. The other
 * changes need no e-mail: a payment sends the receipt, and the buyer cancels or abandons a checkout
 * themselves. The conditional update is the claim: one e-mail per failure, released when sending fails.
 */
export async function mailPaymentFailed(orderId: string): Promise<boolean> {
  const db = await database();
  const [claimed] = await db
    .update(orders)
    .set({ notifiedStatus: 'failed' })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'failed'),
        // Failed with a checkout: its payment failed (without one, the provider could not be reached and the
        // buyer was told at once).
        isNotNull(orders.checkoutSessionId),
        isNotNull(orders.email),
        sql`${orders.notifiedStatus} is distinct from 'failed'`,
        sql`not exists (select 1 from ${profiles} where ${profiles.uid} = ${orders.uid} and not ${profiles.notifyOrderUpdates})`,
      ),
    )
    .returning({ uid: orders.uid });
  if (!claimed) return false;
  try {
    const order = (await orderOfViewer(orderId, claimed.uid))!;
    const path = (to: string) => `${env.siteUrl}${localizedPath(to, order.locale)}`;
    await sendMail('paymentFailed', order.email!, order.locale, {
      reference: order.reference,
      product: order.product.name[order.locale],
      amountCents: order.amountCents,
      currency: order.currency,
      link: `${path('/shop/success')}?order=${order.id}`,
      settings: claimed.uid ? path('/dashboard/settings') : null,
    });
    return true;
  } catch (error) {
    await db
      .update(orders)
      .set({ notifiedStatus: null })
      .where(and(eq(orders.id, orderId), eq(orders.notifiedStatus, 'failed')));
    throw error;
  }
}

/** After a checkout event has been applied and answered: the e-mail its change of status calls for, if any. */
export function mailOrderChangeLater(session: CheckoutEvent['session']): void {
  mailLater(async () => {
    const orderId = await orderIdFor(await database(), session);
    if (orderId) await mailPaymentFailed(orderId);
  }, 'order status e-mail');
}
