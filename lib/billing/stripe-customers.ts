import 'server-only';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { database } from '@/lib/db';
import { stripeCustomers } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { stripeClient } from '@/lib/payments/stripe';
import { PROVIDER_RETRY_AFTER_SECONDS } from '@/lib/shop/checkout';

/**
 * A failed call to Stripe as the API answers it: another request with the same key still running is a 409,
 * the same key with other parameters a 422, anything else (unreachable, past the deadline) a 503.
 */
export function stripeFailure(error: unknown, what: string): ApiError {
  if (error instanceof Stripe.errors.StripeError) {
    if (error.code === 'idempotency_key_in_use') return new ApiError('checkoutInProgress', undefined, 1);
    if (error.type === 'StripeIdempotencyError') return new ApiError('idempotencyKeyReused');
  }
  console.error(`Stripe: ${what}: ${(error as Error).message}`);
  return new ApiError('paymentUnavailable', undefined, PROVIDER_RETRY_AFTER_SECONDS);
}

/** The workspace's Stripe customer id, or null before its first checkout. */
export async function stripeCustomerIdOf(workspaceId: string): Promise<string | null> {
  const db = await database();
  const [row] = await db
    .select({ customerId: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.workspaceId, workspaceId))
    .limit(1);
  return row?.customerId ?? null;
}

/**
 * The workspace's Stripe customer, created at its first checkout (in that checkout's language). Stripe's
 * idempotency key per workspace gives concurrent first checkouts the same customer, and the unique workspace
 * keeps one row of it.
 */
export async function ensureStripeCustomer(workspaceId: string, email: string, locale: 'en' | 'de'): Promise<string> {
  const known = await stripeCustomerIdOf(workspaceId);
  if (known) return known;
  let customer: Stripe.Customer;
  try {
    customer = await stripeClient().customers.create(
      // Stripe's e-mails and invoices in the owner's language.
      { email, preferred_locales: [locale], metadata: { workspaceId } },
      { idempotencyKey: `customer-${workspaceId}` },
    );
  } catch (error) {
    throw stripeFailure(error, 'the customer was not created');
  }
  const db = await database();
  await db.insert(stripeCustomers).values({ workspaceId, customerId: customer.id }).onConflictDoNothing();
  return (await stripeCustomerIdOf(workspaceId))!;
}
