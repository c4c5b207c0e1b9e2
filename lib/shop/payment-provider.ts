import 'server-only';
import { randomBytes } from 'node:crypto';
import { env } from '@/lib/env';
import { localProvider } from './local-checkout';
import { stripeProvider } from '@/lib/payments/stripe';
import type { PaymentProvider } from '@/lib/payments/provider';

/** Stripe Checkout with a secret key; the local test checkout without one (the embedded default). */
export function paymentProvider(): PaymentProvider {
  return env.stripe.secretKey ? stripeProvider : localProvider;
}

// Without a configured secret nobody can sign an event: a random one, never told to anyone.
const holder = globalThis as typeof globalThis & { __webhookSecret?: string };

export function webhookSecret(): string {
  return env.stripe.webhookSecret ?? (holder.__webhookSecret ??= `whsec_${randomBytes(32).toString('base64url')}`);
}
