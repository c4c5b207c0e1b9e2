import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { conversationIdSchema } from './schema';

/** A conversation id of a URL; anything that is not one is a 404 without a query. */
export function conversationId(value: string | undefined): string {
  const parsed = conversationIdSchema.safeParse(value);
  if (!parsed.success) throw new ApiError('notFound');
  return parsed.data;
}

export const NO_STORE = { 'Cache-Control': 'no-store' } as const;
