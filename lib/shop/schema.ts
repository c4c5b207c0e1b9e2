import { z } from 'zod';
import { idempotencyKey } from '@/lib/api/schemas';

/**
 * POST /api/checkout: a product of the catalogue (its public id, the slug) and 1–10 of it; the purchase
 * intent's key may come in the body too (as other forms send it), the Idempotency-Key header wins.
 */
export const checkoutSchema = z.object({
  productId: z.string().regex(/^[a-z0-9-]{2,40}$/),
  quantity: z.number().int().min(1).max(10),
  requestKey: idempotencyKey.optional(),
});

/** POST /api/checkout/cancel: the order whose checkout the buyer left (the id the checkout returned). */
export const cancelSchema = z.object({ orderId: z.uuid() });

/**
 * POST /api/checkout/local/:id: the test card's number (the other card fields only look like a
 * checkout), and the buyer's e-mail address, required when the order has none (a guest's).
 */
export const localPaymentSchema = z.object({ card: z.string().min(1).max(40), email: z.email().max(254).optional() });

/** Largest webhook body (Stripe's events are far smaller). */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
