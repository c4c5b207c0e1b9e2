import type { PaymentProviderName } from '@/lib/db/schema/shop';

/** What a checkout is opened for: the order and the catalogue's product (never prices from the client). */
export type CheckoutRequest = {
  order: {
    id: string;
    uid: string | null;
    quantity: number;
    amountCents: number;
    currency: string;
    locale: 'en' | 'de';
  };
  product: { slug: string; name: string; priceCents: number; stripePriceId: string | null };
  email: string | null;
  /** Contains `{CHECKOUT_SESSION_ID}`, which the provider replaces with the session's id. */
  successUrl: string;
  cancelUrl: string;
  /** The purchase intent's key: the provider opens one session per key, however often it is asked. */
  idempotencyKey: string;
};

/** How long a checkout stays open: Stripe's default for a Checkout Session, and the local checkout's. */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A checkout session as the provider reports it. */
export type ProviderSession = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  /** `paid`, `unpaid` or `no_payment_required` (Stripe may add others: anything but the first and last is unpaid). */
  paymentStatus: string;
  orderId: string | null;
  /** The address the buyer gave at the checkout (Stripe collects it), once they have. */
  email?: string | null;
};

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Opens a hosted checkout (the same one again for the same idempotency key); the browser goes to `url`. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The session with this id, or null when the provider does not know it. */
  retrieveCheckout(id: string): Promise<ProviderSession | null>;
  /**
   * Closes an open session, so that it can no longer be paid (the buyer left it); answers the session
   * as it is then (complete and paid when the payment came first), or null when the provider does not
   * know it.
   */
  expireCheckout(id: string): Promise<ProviderSession | null>;
}

/**
 * The provider could not be reached or refused the request (→ 503, the order is marked failed), or, with
 * `inProgress`, is still opening the session for the same key in another request (→ 409).
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly inProgress = false,
  ) {
    super(message);
  }
}

/** Session ids as the return URL carries them (Stripe's `cs_test_…`/`cs_live_…`, ours `cs_local_…`). */
export const SESSION_ID = /^cs_[A-Za-z0-9_]{8,250}$/;
