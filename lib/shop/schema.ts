import { z } from 'zod';
import { fieldCheck } from '@/lib/api/fields';
import { idempotencyKey, singleLineText } from '@/lib/api/schemas';
import { cardDigits, cvcLength, hasExpired, parseExpiry } from '@/lib/payments/cards';

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
 * POST /api/checkout/local/:id: the card as a checkout checks it before charging it (a number that passes
 * the Luhn check, an expiry month not in the past, a security code of 3 digits, 4 for American Express,
 * the cardholder's name), and the buyer's e-mail address, required when the order has none (a guest's).
 * Every field is checked, so an empty form is told each missing field at once.
 */
export function localPaymentSchema(emailRequired: boolean) {
  // A field left out counts as left empty, so that it is named with the others instead of stopping the check.
  const text = (max: number) => z.string().trim().min(1).max(max);
  const email = text(254).refine((value) => z.email().safeParse(value).success, fieldCheck('invalid'));
  return z
    .object({
      card: text(40)
        .refine((value) => cardDigits(value) !== null, fieldCheck('cardNumber'))
        .prefault(''),
      expiry: text(10)
        .refine((value) => parseExpiry(value) !== null, { ...fieldCheck('expiryInvalid'), abort: true })
        .refine((value) => !hasExpired(parseExpiry(value)!), fieldCheck('expiryPast'))
        .prefault(''),
      cvc: text(10).prefault(''),
      name: singleLineText(1, 80).prefault(''),
      email: emailRequired ? email.prefault('') : email.optional(),
    })
    .superRefine((value, context) => {
      const digits = cvcLength(value.card);
      if (!new RegExp(`^\\d{${digits}}$`).test(value.cvc))
        context.addIssue({ code: 'custom', path: ['cvc'], ...fieldCheck(digits === 4 ? 'cvc4' : 'cvc3') });
    });
}

export type LocalPayment = z.infer<ReturnType<typeof localPaymentSchema>>;

/** Largest webhook body (Stripe's events are far smaller). */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
