import { z } from 'zod';

/** User text: control characters stripped (line breaks and tabs kept), trimmed, then `min`–`max` long. */
export const plainText = (min: number, max: number) =>
  z
    .string()
    .transform((value) => value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim())
    .pipe(z.string().min(min).max(max));

/** A client's idempotency key (form field `requestKey` or `Idempotency-Key` header). */
export const idempotencyKey = z.string().min(8).max(100).regex(/^[\w-]+$/);
