import { z } from 'zod';
import { idempotencyKey, plainText, singleLineText } from '@/lib/api/schemas';
import { CHAT_NAME_MAX, CHAT_TEXT_MAX } from './constants';

/** A room in a URL: the lobby or a widget's id. */
export const roomIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const postMessageSchema = z.object({
  text: plainText(1, CHAT_TEXT_MAX),
  /** A guest's name; ignored for a signed-in user. */
  name: singleLineText(1, CHAT_NAME_MAX).optional(),
  /** The composer's key of this message, kept across its retries (or the Idempotency-Key header). */
  requestKey: idempotencyKey.optional(),
});

export type PostMessageInput = z.infer<typeof postMessageSchema>;

/** `before` for older messages (history on scroll); anything malformed means "the latest". */
export const historyQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

/** A Last-Event-ID worth resuming from: a positive integer; anything else is ignored. */
export function parseEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 ? id : null;
}

/** A mute's id in a URL (a UUID); anything else names no mute (404). */
export const muteIdSchema = z.uuid();

/** POST /api/chat/:room/mutes: the author of `messageId`, for `minutes` (at most a year) or until lifted. */
export const muteSchema = z.object({
  messageId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  minutes: z
    .number()
    .int()
    .min(1)
    .max(365 * 24 * 60)
    .optional(),
});
