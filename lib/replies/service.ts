import 'server-only';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { database } from '@/lib/db';
import { databaseErrorIn } from '@/lib/db/errors';
import { savedReplies } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { requireWritable } from '@/lib/billing/entitlements';
import { requirePermission } from '@/lib/workspaces/permissions';
import type { ReplyView } from './placeholders';
import type { CreateReplyInput, UpdateReplyInput } from './schema';

const columns = {
  id: savedReplies.id,
  title: savedReplies.title,
  textEn: savedReplies.textEn,
  textDe: savedReplies.textDe,
  updatedAt: savedReplies.updatedAt,
};

const viewOf = (row: { updatedAt: Date } & Omit<ReplyView, 'updatedAt'>): ReplyView => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A title another reply of the workspace has (any case): 409 `replyTitleTaken`. */
const titleTaken = (error: unknown) => databaseErrorIn(error)?.constraint === 'saved_replies_title_idx';

/** Each word of `query` in the title or a text (any case; `%` and `_` mean themselves). */
function matching(query: string): SQL | undefined {
  const words = query.split(/\s+/).filter(Boolean);
  const conditions = words.map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(
      ilike(savedReplies.title, pattern),
      ilike(savedReplies.textEn, pattern),
      ilike(savedReplies.textDe, pattern),
    );
  });
  return conditions.length ? and(...conditions) : undefined;
}

/** The workspace's saved replies (every member), by title; with `query`, those containing each of its words. */
export async function listReplies(user: { uid: string }, workspaceId: string, query = ''): Promise<ReplyView[]> {
  await requirePermission(user, workspaceId, 'replies.read');
  const db = await database();
  const rows = await db
    .select(columns)
    .from(savedReplies)
    .where(and(eq(savedReplies.workspaceId, workspaceId), matching(query)))
    .orderBy(asc(sql`lower(${savedReplies.title})`), asc(savedReplies.id));
  return rows.map(viewOf);
}

/**
 * A new saved reply (owners and admins). The request key makes a repeat answer the reply it made (`created`
 * false); another reply's title is a 409. Both by the table's unique indexes, so two requests at once agree.
 */
export async function createReply(
  user: { uid: string },
  workspaceId: string,
  input: CreateReplyInput,
): Promise<{ reply: ReplyView; created: boolean }> {
  await requirePermission(user, workspaceId, 'replies.manage');
  await requireWritable(workspaceId);
  const db = await database();
  const [inserted] = await db
    .insert(savedReplies)
    .values({ workspaceId, createdBy: user.uid, ...input })
    .onConflictDoNothing()
    .returning(columns);
  if (inserted) return { reply: viewOf(inserted), created: true };
  const [repeated] = await db
    .select(columns)
    .from(savedReplies)
    .where(
      and(
        eq(savedReplies.workspaceId, workspaceId),
        eq(savedReplies.createdBy, user.uid),
        eq(savedReplies.requestKey, input.requestKey),
      ),
    );
  if (repeated) return { reply: viewOf(repeated), created: false };
  throw new ApiError('replyTitleTaken');
}

/** Changes a saved reply (owners and admins); 404 for an id of no reply of the workspace, 409 for a taken title. */
export async function updateReply(
  user: { uid: string },
  workspaceId: string,
  id: string,
  input: UpdateReplyInput,
): Promise<ReplyView> {
  await requirePermission(user, workspaceId, 'replies.manage');
  if (!UUID.test(id)) throw new ApiError('notFound');
  await requireWritable(workspaceId);
  const db = await database();
  const where = and(eq(savedReplies.id, id), eq(savedReplies.workspaceId, workspaceId));
  try {
    // One statement: the check that a text remains is the table's (a failed check changes nothing).
    const [row] = await db
      .update(savedReplies)
      .set({ ...input, updatedAt: sql`now()` })
      .where(where)
      .returning(columns);
    if (!row) throw new ApiError('notFound');
    return viewOf(row);
  } catch (error) {
    if (titleTaken(error)) throw new ApiError('replyTitleTaken');
    if (databaseErrorIn(error)?.constraint === 'saved_replies_text_check')
      throw new ApiError('invalidBody', { textEn: { code: 'required' } });
    throw error;
  }
}

/** Deletes a saved reply (owners and admins); 404 for an id of no reply of the workspace. */
export async function deleteReply(user: { uid: string }, workspaceId: string, id: string): Promise<void> {
  await requirePermission(user, workspaceId, 'replies.manage');
  if (!UUID.test(id)) throw new ApiError('notFound');
  const db = await database();
  const [row] = await db
    .delete(savedReplies)
    .where(and(eq(savedReplies.id, id), eq(savedReplies.workspaceId, workspaceId)))
    .returning({ id: savedReplies.id });
  if (!row) throw new ApiError('notFound');
}
