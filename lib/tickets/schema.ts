import { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_STATUSES } from '@/lib/db/schema';

export const TICKET_PAGE_SIZE = 10;

/** Strips control characters except line breaks and tabs. */
const text = (min: number, max: number) =>
  z
    .string()
    .transform((value) => value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim())
    .pipe(z.string().min(min).max(max));

export const idempotencyKey = z.string().min(8).max(100).regex(/^[\w-]+$/);

export const createTicketSchema = z.object({
  subject: text(3, 120),
  category: z.enum(TICKET_CATEGORIES),
  message: text(10, 5000),
  requestKey: idempotencyKey.optional(),
});

export const replySchema = z.object({
  message: text(1, 5000),
  requestKey: idempotencyKey.optional(),
});

export const statusSchema = z.object({ status: z.enum(TICKET_STATUSES) });

export const listQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type CreateTicketInput = z.infer<typeof createTicketSchema>;
export type ReplyInput = z.infer<typeof replySchema>;
