import { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_STATUSES } from '@/lib/db/schema/tickets';
import { idempotencyKey, plainText } from '@/lib/api/schemas';

export const TICKET_PAGE_SIZE = 10;

export const createTicketSchema = z.object({
  subject: plainText(3, 120),
  category: z.enum(TICKET_CATEGORIES),
  message: plainText(10, 5000),
  requestKey: idempotencyKey.optional(),
});

export const replySchema = z.object({
  message: plainText(1, 5000),
  requestKey: idempotencyKey.optional(),
});

export const statusSchema = z.object({ status: z.enum(TICKET_STATUSES) });

export const listQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type CreateTicketInput = z.infer<typeof createTicketSchema>;
export type ReplyInput = z.infer<typeof replySchema>;
