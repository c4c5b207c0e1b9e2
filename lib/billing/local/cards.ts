import 'server-only';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/types';
import { paymentMethods } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { validate } from '@/lib/api/request';
import { cardDigits, parseExpiry } from '@/lib/payments/cards';
import { TEST_CARDS } from '@/lib/shop/local-checkout';
import { localPaymentSchema } from '@/lib/shop/schema';

/** Stripe's test card that attaches to a customer but whose every later charge fails (docs.stripe.com/testing). */
export const FAILING_LATER_CARD = '4000000000000341';

function brandOf(digits: string): string {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  return digits.startsWith('4') ? 'visa' : 'card';
}

/**
 * The card form of the test checkout (the shop's own checks), answered as Stripe's test mode answers the card:
 * a card that pays or 4000 0000 0000 0341 is kept (the latter fails every charge); the others are the shop's
 * 402s (declined, expired, wrong security code), any unknown number declined.
 */
export function acceptCard(body: unknown) {
  const form = validate(localPaymentSchema(false), body);
  const digits = cardDigits(form.card)!;
  const failsCharges = digits === FAILING_LATER_CARD;
  const outcome = failsCharges ? 'succeeds' : (TEST_CARDS[digits] ?? 'cardDeclined');
  if (outcome !== 'succeeds') throw new ApiError(outcome);
  const { month, year } = parseExpiry(form.expiry)!;
  return { brand: brandOf(digits), last4: digits.slice(-4), expMonth: month, expYear: year, failsCharges };
}

export type AcceptedCard = ReturnType<typeof acceptCard>;

/** Keeps `card` as the workspace's payment method (one per workspace: a new card replaces the old one). */
export async function keepCard(tx: Executor, workspaceId: string, card: AcceptedCard): Promise<void> {
  await tx
    .insert(paymentMethods)
    .values({ workspaceId, ...card })
    .onConflictDoUpdate({ target: paymentMethods.workspaceId, set: { ...card, updatedAt: sql`now()` } });
}
