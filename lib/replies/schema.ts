import { z } from 'zod';
import { fieldCheck } from '@/lib/api/fields';
import { idempotencyKey, plainText, singleLineText } from '@/lib/api/schemas';
import { REPLY_QUERY_MAX, REPLY_TEXT_MAX, REPLY_TITLE_MAX, unknownPlaceholders } from './placeholders';

/** A text of a saved reply: cleaned as every user text, ≤ 5000, only known placeholders; empty means none. */
const replyText = plainText(0, REPLY_TEXT_MAX)
  .refine((text) => unknownPlaceholders(text).length === 0, fieldCheck('placeholder'))
  .transform((text) => text || null);

/** A reply needs a text in one language at least (the field named is the visitor's default, English). */
const oneText = (reply: { textEn?: string | null; textDe?: string | null }) =>
  reply.textEn !== null || reply.textDe !== null;

/** POST /api/workspaces/:wid/replies. */
export const createReplySchema = z
  .object({
    title: singleLineText(1, REPLY_TITLE_MAX),
    textEn: replyText.nullable().default(null),
    textDe: replyText.nullable().default(null),
    requestKey: idempotencyKey,
  })
  .refine(oneText, { path: ['textEn'], ...fieldCheck('required') });

/** PATCH /api/workspaces/:wid/replies/:id: what changes (an empty text removes that language). */
export const updateReplySchema = z.strictObject({
  title: singleLineText(1, REPLY_TITLE_MAX).optional(),
  textEn: replyText.nullable().optional(),
  textDe: replyText.nullable().optional(),
});

/** GET /api/workspaces/:wid/replies?q=: words every listed reply contains (title or text). */
export const replyQuerySchema = z.string().trim().max(REPLY_QUERY_MAX);

export type CreateReplyInput = z.infer<typeof createReplySchema>;
export type UpdateReplyInput = z.infer<typeof updateReplySchema>;
