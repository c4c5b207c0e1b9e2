import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { database } from '@/lib/db';
import { conversationRatings, conversations, type widgets } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { RatingView } from '../constants';
import type { ratingSchema } from '../schema';
import { signal } from '../signal';

type Widget = Pick<typeof widgets.$inferSelect, 'workspaceId' | 'askRating'>;

/**
 * The visitor's rating of their closed conversation, once: the insert takes the conversation's state in the
 * same statement (closed, its language, its assignee when it was closed), and the conversation's key makes a
 * repeat find the first rating (the same score: answered again; another: 409 `alreadyRated`). Every inbox
 * of the workspace hears it with the conversation.
 */
export async function rateConversation(
  widget: Widget,
  conversationId: string,
  input: z.infer<typeof ratingSchema>,
): Promise<{ rating: RatingView; created: boolean }> {
  if (!widget.askRating) throw new ApiError('ratingOff');
  const comment = input.comment || null;
  const db = await database();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(conversationRatings)
      .select(
        tx
          .select({
            conversationId: conversations.id,
            widgetId: conversations.widgetId,
            locale: conversations.locale,
            assigneeUid: conversations.closedAssigneeUid,
            score: sql<number>`${input.score}::smallint`.as('score'),
            comment: sql<string | null>`${comment}::text`.as('comment'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(conversations)
          .where(and(eq(conversations.id, conversationId), eq(conversations.status, 'closed'))),
      )
      .onConflictDoNothing({ target: conversationRatings.conversationId })
      .returning();
    if (inserted) {
      await signal(tx, { k: 'c', ws: widget.workspaceId, c: conversationId });
      return { rating: { score: inserted.score, comment: inserted.comment }, created: true };
    }
    const [stored] = await tx
      .select()
      .from(conversationRatings)
      .where(eq(conversationRatings.conversationId, conversationId));
    if (!stored) throw new ApiError('ratingNotClosed');
    if (stored.score !== input.score) throw new ApiError('alreadyRated');
    return { rating: { score: stored.score, comment: stored.comment }, created: false };
  });
}
