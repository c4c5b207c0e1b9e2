import { z } from 'zod';
import { FEEDBACK_CATEGORIES } from '@/lib/db/schema';
import { idempotencyKey } from '@/lib/tickets/schema';

export const createFeedbackSchema = z.object({
  rating: z.number().int().min(1).max(5),
  category: z.enum(FEEDBACK_CATEGORIES),
  message: z
    .string()
    .transform((value) => value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim())
    .pipe(z.string().max(2000))
    .default(''),
  /** The page it concerns: a path of this site, optional. */
  page: z
    .string()
    .trim()
    .max(200)
    .regex(/^\/[^\s]*$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  requestKey: idempotencyKey.optional(),
});

export type CreateFeedbackInput = z.infer<typeof createFeedbackSchema>;
