import { z } from 'zod';

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what
 * follows them, so "invoice", U+202E, "fdp.exe" shows as "invoiceexe.pdf" and a link's ending is
 * disguised. The marks U+200E and U+200F stay: right-to-left writing needs them, and they reverse no
 * run of letters.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `value` without bidirectional controls (BIDI_CONTROLS). */
export const withoutBidiControls = (value: string) => value.replace(BIDI_CONTROLS, '');

/**
 * User text: control characters and bidirectional controls stripped (line breaks and tabs kept), trimmed,
 * then `min`–`max` long.
 */
export const plainText = (min: number, max: number) =>
  z
    .string()
    .transform((value) =>
      withoutBidiControls(value)
        .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
        .trim(),
    )
    .pipe(z.string().min(min).max(max));

/**
 * One line of text: bidirectional controls removed, every other control character and line break a
 * space, spaces collapsed, trimmed.
 */
export const toSingleLine = (value: string) =>
  withoutBidiControls(value)
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
