import 'server-only';
import Stripe from 'stripe';
import { env } from '@/lib/env';
import { PaymentProviderError, type CheckoutRequest, type PaymentProvider, type ProviderSession } from './provider';

let client: Stripe | null = null;

/** The Stripe SDK client (its retries, timeouts and idempotency keys); the tests' stand-in through STRIPE_API_URL. */
export function stripeClient(): Stripe {
  if (!env.stripe.secretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  client ??= new Stripe(env.stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'chatwidget-shop' },
    ...(env.stripe.api && { host: env.stripe.api.host, port: env.stripe.api.port, protocol: env.stripe.api.protocol }),
  });
  return client;
}

function sessionOf(session: Stripe.Checkout.Session): ProviderSession {
  return {
    id: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paymentStatus: session.payment_status,
    orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    email: session.customer_details?.email ?? null,
  };
}

/** Stripe Checkout: a Checkout Session in payment mode, line items from the catalogue. */
export const stripeProvider: PaymentProvider = {
  name: 'stripe',
  async createCheckout({ order, product, email, successUrl, cancelUrl, idempotencyKey }: CheckoutRequest) {
    try {
      const session = await stripeClient().checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            product.stripePriceId
              ? { price: product.stripePriceId, quantity: order.quantity }
              : {
                  price_data: {
                    currency: order.currency.toLowerCase(),
                    unit_amount: product.priceCents,
                    product_data: { name: product.name },
                  },
                  quantity: order.quantity,
                },
          ],
          locale: order.locale,
          ...(email && { customer_email: email }),
          client_reference_id: order.id,
          metadata: { orderId: order.id, uid: order.uid ?? '' },
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        // Every request of one purchase intent (the SDK's retries, a repeat of the buyer's) opens the same session.
        { idempotencyKey },
      );
      if (!session.url) throw new PaymentProviderError('Stripe answered a session without a URL');
      return { id: session.id, url: session.url };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      // Another request with this key is still running at Stripe (the SDK has retried already).
      const inProgress = error instanceof Stripe.errors.StripeError && error.code === 'idempotency_key_in_use';
      throw new PaymentProviderError(`Stripe refused the checkout: ${(error as Error).message}`, inProgress);
    }
  },
  async retrieveCheckout(id: string) {
    try {
      return sessionOf(await stripeClient().checkout.sessions.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      throw new PaymentProviderError(`Stripe did not answer for the session: ${(error as Error).message}`);
    }
  },
  async expireCheckout(id: string) {
    try {
      return sessionOf(await stripeClient().checkout.sessions.expire(id));
    } catch (error) {
      if (isMissing(error)) return null;
      // Stripe expires only open sessions: one that completed (or expired) meanwhile is read as it is.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieveCheckout(id);
      throw new PaymentProviderError(`Stripe did not expire the session: ${(error as Error).message}`);
    }
  },
};

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.statusCode === 404 || error.code === 'resource_missing')
  );
}
