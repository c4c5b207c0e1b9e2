import 'server-only';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';

/** Where a page of the inbox ended: the last entry's activity time (microseconds since 1970) and id. */
export type InboxPosition = { at: number; id: string };

const position = z.tuple([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.uuid()]);

/**
 * The inbox's page cursor: base64url of `[micros, id]`, opaque to clients. Microseconds, because
 * PostgreSQL keeps them and a millisecond cursor would skip entries that differ below a millisecond.
 */
const inboxCursor = z.codec(z.base64url().min(1).max(200), position, {
  decode: (text, context) => {
    try {
      return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    } catch {
      context.issues.push({ code: 'custom', message: 'not a cursor', input: text });
      return z.NEVER;
    }
  },
  encode: (value) => Buffer.from(JSON.stringify(value)).toString('base64url'),
});

export function encodeInboxCursor({ at, id }: InboxPosition): string {
  return z.encode(inboxCursor, [at, id]);
}

/** The position of a cursor a client sent; anything that does not decode to one is a 400. */
export function decodeInboxCursor(text: string): InboxPosition {
  const parsed = inboxCursor.safeParse(text);
  if (!parsed.success) throw new ApiError('invalidCursor');
  const [at, id] = parsed.data;
  return { at, id };
}

/** `at` as a timestamptz literal PostgreSQL reads exactly (a JavaScript Date holds milliseconds only). */
export function timestampOf(at: number): string {
  const micros = String(at % 1000).padStart(3, '0');
  return `${new Date(Math.floor(at / 1000)).toISOString().slice(0, 23)}${micros}Z`;
}
