import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { subscriptions } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { stripeClient } from '@/lib/payments/stripe';
import type { SeatKeeper } from './entitlements';
import { buysAsConsumer } from './details';
import { unusedPart, withdrawableUntil, withdrawnLast } from './local/withdrawal';
import { requireBillingOwner } from './owner';
import { stripeFailure } from './stripe-customers';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const at = (seconds: number) => new Date(seconds * 1000);

/**
 * A consumer's withdrawal from a Stripe subscription (the owner's): canceled at Stripe at once, and the unused
 * part of its last paid invoice refunded by a credit note (refund_amount), pro rata by time as locally. The
 * moment is Stripe's canceled_at, so a repeat (the subscription already canceled) asks the same credit note
 * under the same idempotency key. The row is marked withdrawn here; the webhook confirms the cancellation.
 */
export async function withdrawStripe(user: { uid: string }, workspaceId: string, keepSeats: SeatKeeper): Promise<void> {
  await requireBillingOwner(user, workspaceId);
  const db = await database();
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), ne(subscriptions.status, 'canceled')))
    .limit(1);
  if (!row) {
    if (await withdrawnLast(db, workspaceId)) return;
    throw new ApiError('noSubscription');
  }
  if (row.provider !== 'stripe') throw new ApiError('paymentUnavailable');
  if (!(await buysAsConsumer(db, workspaceId))) throw new ApiError('withdrawalNotConsumer');
  if (!withdrawableUntil(row, true, new Date())) throw new ApiError('withdrawalPeriodOver');
  const stripe = stripeClient();
  let withdrawnAt: Date;
  try {
    const live = await stripe.subscriptions.retrieve(row.providerSubscriptionId);
    const canceled = live.status === 'canceled' ? live : await stripe.subscriptions.cancel(live.id);
    withdrawnAt = canceled.canceled_at ? at(canceled.canceled_at) : new Date();
    const invoiceId = idOf(live.latest_invoice);
    const invoice = invoiceId ? await stripe.invoices.retrieve(invoiceId) : null;
    const item = live.items.data[0];
    const amount =
      invoice?.status === 'paid'
        ? unusedPart(
            {
              amountCents: invoice.amount_paid,
              periodStart: at(item.current_period_start),
              periodEnd: at(item.current_period_end),
            },
            withdrawnAt,
          )
        : 0;
    if (amount > 0)
      await stripe.creditNotes.create(
        { invoice: invoice!.id!, amount, refund_amount: amount, memo: 'Withdrawal / Widerruf' },
        { idempotencyKey: `withdrawal-${live.id}` },
      );
  } catch (error) {
    throw stripeFailure(error, `the withdrawal from ${row.providerSubscriptionId} failed`);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: withdrawnAt, withdrawnAt, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, row.id));
    await keepSeats(tx, workspaceId);
  });
}
