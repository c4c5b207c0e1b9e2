import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { requestKey } from '@/lib/api/idempotency';
import { database } from '@/lib/db';
import { env } from '@/lib/env';
import { orders, products, type OrderStatus, type PaymentProviderName } from '@/lib/db/schema';
import { localizedPath } from '@/lib/i18n/paths';
import { paymentProvider } from '@/lib/shop/payment-provider';
import { PaymentProviderError } from '@/lib/payments/provider';
import { cancelOrder, orderOfViewer } from './orders';
import { sendReceipt } from './receipt';
import { newOrderReference } from './reference';
import { GERMAN_VAT_BASIS_POINTS } from '@/lib/money';
// Looks products up: the catalogue is seeded before the database first answers.
import './seed';

/** How long a buyer is asked to wait after the payment provider could not be reached. */
export const PROVIDER_RETRY_AFTER_SECONDS = 10;

/** One purchase intent: what the buy form asks for, by whom, and its key. */
export type PurchaseIntent = {
  /** The product's slug, and how many. */
  productId: string;
  quantity: number;
  /** The buy form's key of this intent (`Idempotency-Key`), kept across its retries. */
  key?: string;
  buyer: { uid: string; email: string | null } | null;
  locale: 'en' | 'de';
};

type Order = typeof orders.$inferSelect;
type Product = typeof products.$inferSelect;

/**
 * The intent's key: the client's; without one, a signed-in buyer's same request within a minute (as
 * every other form), a guest's request its own (two guests may well buy the same plan at once).
 */
function intentKey(intent: PurchaseIntent): string {
  if (intent.key) return intent.key;
  return intent.buyer
    ? requestKey(null, intent.buyer.uid, [intent.productId, intent.quantity])
    : `guest:${randomUUID()}`;
}

/** Who asks for what: a key sent again with anything else is another request, refused. */
function fingerprint(intent: PurchaseIntent): string {
  return createHash('sha256')
    .update(JSON.stringify([intent.buyer?.uid ?? null, intent.productId, intent.quantity]))
    .digest('base64url');
}

async function orderWithKey(key: string, hash: string): Promise<{ order: Order; product: Product } | null> {
  const db = await database();
  const [found] = await db
    .select({ order: orders, product: products })
    .from(orders)
    .innerJoin(products, eq(orders.productId, products.id))
    .where(eq(orders.requestKey, key))
    .limit(1);
  if (found && found.order.requestHash !== hash) throw new ApiError('idempotencyKeyReused');
  return found ?? null;
}

/**
 * What may be bought, as the refusal when it may not. Plans (products with a widget limit) are monthly or
 * yearly subscriptions of a workspace (its billing page, lib/billing); the shop sells the other products once.
 * Plans bought once before keep their entitlement (lib/billing/entitlements.ts).
 */
function refusal(product: Product | undefined): ApiError | null {
  if (!product) return new ApiError('productUnavailable', { productId: { code: 'invalidChoice' } });
  return product.widgetLimit === null ? null : new ApiError('planIsSubscription');
}

/**
 * The intent's order: the one its key already has, else a new pending order at the catalogue's price.
 * The unique key decides between concurrent requests and repeats: the key's order is read only when the
 * insert meets it or the intent is refused (a repeat is answered with its order whatever the catalogue says
 * now). 400 `productUnavailable` for an unknown or inactive product, 409 `planIsSubscription` for a plan.
 */
async function orderFor(
  intent: PurchaseIntent,
  key: string,
  provider: PaymentProviderName,
): Promise<{ order: Order; product: Product }> {
  const hash = fingerprint(intent);
  const db = await database();
  const [found] = await db
    .select({ product: products })
    .from(products)
    .where(and(eq(products.slug, intent.productId), eq(products.active, true)))
    .limit(1);
  const refused = refusal(found?.product);
  if (refused) {
    const existing = await orderWithKey(key, hash);
    if (existing) return existing;
    throw refused;
  }
  const { product } = found;
  // A reference drawn twice (1 in 2^40) conflicts like a repeated key: the key's order, else another draw.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [order] = await db
      .insert(orders)
      .values({
        reference: newOrderReference(),
        uid: intent.buyer?.uid ?? null,
        email: intent.buyer?.email ?? null,
        productId: product.id,
        quantity: intent.quantity,
        amountCents: product.priceCents * intent.quantity,
        currency: product.currency,
        vatRateBasisPoints: GERMAN_VAT_BASIS_POINTS,
        locale: intent.locale,
        provider,
        requestKey: key,
        requestHash: hash,
      })
      .onConflictDoNothing()
      .returning();
    if (order) return { order, product };
    const repeated = await orderWithKey(key, hash);
    if (repeated) return repeated;
  }
  throw new Error('no free order reference after three draws');
}

/** Records the order's checkout unless another request did first; answers the order's checkout address. */
async function attachCheckout(
  orderId: string,
  checkout: { id: string; url: string },
): Promise<{ url: string; created: boolean }> {
  const db = await database();
  const [attached] = await db
    .update(orders)
    // An order whose earlier attempt failed goes on, now that its checkout is open.
    .set({
      checkoutSessionId: checkout.id,
      checkoutUrl: checkout.url,
      status: sql`case when ${orders.status} = 'failed' then 'pending' else ${orders.status} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, orderId), isNull(orders.checkoutSessionId)))
    .returning({ id: orders.id });
  if (attached) return { url: checkout.url, created: true };
  const [current] = await db.select({ url: orders.checkoutUrl }).from(orders).where(eq(orders.id, orderId));
  return { url: current?.url ?? checkout.url, created: false };
}

/** The provider failed: a pending order without a checkout is failed (a later repeat may still open it). */
async function markCheckoutFailed(orderId: string): Promise<void> {
  const db = await database();
  await db
    .update(orders)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.checkoutSessionId), eq(orders.status, 'pending')));
}

/**
 * Opens the checkout of a purchase intent: one order and one provider session per key, however often
 * and however concurrently it is asked (the order's unique key, the provider's idempotency key).
 * `created` is false when an earlier request had opened it.
 */
export async function openCheckout(
  intent: PurchaseIntent,
): Promise<{ url: string; orderId: string; created: boolean }> {
  const provider = paymentProvider();
  const key = intentKey(intent);
  const { order, product } = await orderFor(intent, key, provider.name);
  if (order.checkoutSessionId && order.checkoutUrl)
    return { url: order.checkoutUrl, orderId: order.id, created: false };
  try {
    const checkout = await provider.createCheckout({
      order: {
        id: order.id,
        uid: order.uid,
        quantity: order.quantity,
        amountCents: order.amountCents,
        currency: order.currency,
        locale: order.locale,
      },
      // The order's own price and language: a repeat asks the provider for exactly what the first request did.
      product: {
        slug: product.slug,
        name: product.name[order.locale],
        priceCents: order.amountCents / order.quantity,
        stripePriceId: product.stripePriceId,
      },
      email: order.email,
      // The buyer comes back to the public origin, never to an address a request header named.
      successUrl: `${env.siteUrl}/api/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${env.siteUrl}${localizedPath('/shop/cancel', order.locale)}?order=${order.id}`,
      idempotencyKey: `checkout-${key}`,
    });
    const { url, created } = await attachCheckout(order.id, checkout);
    return { url, orderId: order.id, created };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.inProgress) throw new ApiError('checkoutInProgress', undefined, 1);
    console.error(error.message);
    await markCheckoutFailed(order.id);
    throw new ApiError('paymentUnavailable', undefined, PROVIDER_RETRY_AFTER_SECONDS);
  }
}

/**
 * The buyer left the checkout (its cancel page): the provider's session is closed so that it can no
 * longer be paid, and the order is cancelled (paid, should the payment have come first). Only an order
 * the viewer may see (404 otherwise); one that is no longer open keeps its status. Answers the status.
 */
export async function cancelCheckout(orderId: string, viewer: string | null): Promise<OrderStatus> {
  const order = await orderOfViewer(orderId, viewer);
  if (!order) throw new ApiError('notFound');
  if (order.status !== 'pending' && order.status !== 'failed') return order.status;
  const db = await database();
  const [{ sessionId }] = await db
    .select({ sessionId: orders.checkoutSessionId })
    .from(orders)
    .where(eq(orders.id, order.id));
  try {
    const status = await cancelOrder(order.id, sessionId ? await paymentProvider().expireCheckout(sessionId) : null);
    // The payment came first: its receipt, unless another path sent it already.
    if (status === 'paid') await sendReceipt(order.id);
    return status;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(error.message);
    throw new ApiError('paymentUnavailable', undefined, PROVIDER_RETRY_AFTER_SECONDS);
  }
}
