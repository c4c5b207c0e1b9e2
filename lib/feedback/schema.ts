import { z } from 'zod';
import { FEEDBACK_CATEGORIES } from '@/lib/db/schema/feedback';
import { idempotencyKey, plainText } from '@/lib/api/schemas';

export const createFeedbackSchema = z.object({
  rating: z.number().int().min(1).max(5),
  category: z.enum(FEEDBACK_CATEGORIES),
  message: plainText(0, 2000).default(''),
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
