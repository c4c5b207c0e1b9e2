import 'server-only';
import { and, avg, count, desc, eq } from 'drizzle-orm';
import { requestKey } from '@/lib/api/idempotency';
import { database } from '@/lib/db';
import { feedback } from '@/lib/db/schema';
import type { SignedInUser } from '@/lib/session/server';
import type { CreateFeedbackInput } from './schema';

type Feedback = typeof feedback.$inferSelect;
// What the API sends, column by column: a new column reaches a client only when it is listed here.
const publicFeedback = (f: Feedback) => ({
  id: f.id,
  uid: f.uid,
  email: f.email,
  rating: f.rating,
  category: f.category,
  message: f.message,
  page: f.page,
  createdAt: f.createdAt,
});
export type FeedbackView = ReturnType<typeof publicFeedback>;

/** Stores feedback; a double submit answers the first entry. */
export async function createFeedback(
  user: SignedInUser,
  input: CreateFeedbackInput,
): Promise<{ feedback: FeedbackView; created: boolean }> {
  const key = requestKey(input.requestKey, user.uid, [input.rating, input.category, input.message, input.page]);
  const db = await database();
  const [row] = await db
    .insert(feedback)
    .values({
      uid: user.uid,
      email: user.email,
      rating: input.rating,
      category: input.category,
      message: input.message,
      page: input.page ?? null,
      requestKey: key,
    })
    .onConflictDoNothing({ target: [feedback.uid, feedback.requestKey] })
    .returning();
  if (row) return { feedback: publicFeedback(row), created: true };
  const [existing] = await db
    .select()
    .from(feedback)
    .where(and(eq(feedback.uid, user.uid), eq(feedback.requestKey, key)));
  return { feedback: publicFeedback(existing), created: false };
}

/** The user's own feedback, newest first. */
export async function listOwnFeedback(user: SignedInUser, limit = 50): Promise<FeedbackView[]> {
  const db = await database();
  const rows = await db
    .select()
    .from(feedback)
    .where(eq(feedback.uid, user.uid))
    .orderBy(desc(feedback.createdAt))
    .limit(limit);
  return rows.map(publicFeedback);
}

/** Everyone's feedback with the average rating, for support staff (callers check the role). */
export async function listAllFeedback(
  limit = 100,
): Promise<{ items: FeedbackView[]; total: number; averageRating: number | null }> {
  const db = await database();
  const [rows, [summary]] = await Promise.all([
    db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(limit),
    db.select({ total: count(), average: avg(feedback.rating) }).from(feedback),
  ]);
  const average = summary.average === null ? null : Math.round(Number(summary.average) * 100) / 100;
  return { items: rows.map(publicFeedback), total: summary.total, averageRating: average };
}
