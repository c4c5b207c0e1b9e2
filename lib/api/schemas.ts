import { z } from 'zod';

/** User text: control characters stripped (line breaks and tabs kept), trimmed, then `min`–`max` long. */
export const plainText = (min: number, max: number) =>
  z
    .string()
    .transform((value) => value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim())
    .pipe(z.string().min(min).max(max));

/** One line of text: every control character and line break a space, spaces collapsed, trimmed. */
export const toSingleLine = (value: string) =>
  value
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** One line of user text (names, titles), `min`–`max` long after `toSingleLine`. */
export const singleLineText = (min: number, max: number) =>
  z.string().transform(toSingleLine).pipe(z.string().min(min).max(max));

/** A client's idempotency key (form field `requestKey` or `Idempotency-Key` header). */
export const idempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[\w-]+$/);
