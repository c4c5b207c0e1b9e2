import 'server-only';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { database } from '@/lib/db';
import { databaseErrorIn } from '@/lib/db/errors';
import { conversationLabels, labels } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { SignedInUser } from '@/lib/session/server';
import { requirePermission } from '@/lib/workspaces/permissions';
import type { LabelView } from '../constants';
import type { labelPatchSchema, newLabelSchema } from '../label-schema';
import { signal } from '../signal';
import { workspaceConversation } from './inbox';

const labelColumns = { id: labels.id, name: labels.name, colour: labels.colour };
const byName = sql`lower(${labels.name}), ${labels.id}`;

/** A workspace's labels by name; the caller has checked the membership. */
export async function workspaceLabels(workspaceId: string): Promise<LabelView[]> {
  const db = await database();
  return db.select(labelColumns).from(labels).where(eq(labels.workspaceId, workspaceId)).orderBy(byName);
}

/** GET /api/workspaces/:wid/labels: every member reads them (to filter and to label). */
export async function listLabels(operator: SignedInUser, workspaceId: string): Promise<LabelView[]> {
  await requirePermission(operator, workspaceId, 'inbox.read');
  return workspaceLabels(workspaceId);
}

/** A name taken in the workspace (any case) is a 409: the unique index on lower(name) tells, not a read. */
function nameTaken(error: unknown): never {
  if (databaseErrorIn(error)?.code === '23505') throw new ApiError('labelExists');
  throw error;
}

/** An owner or admin adds a label; every open inbox of the workspace hears of it. */
export async function createLabel(
  operator: SignedInUser,
  workspaceId: string,
  input: z.infer<typeof newLabelSchema>,
): Promise<LabelView> {
  await requirePermission(operator, workspaceId, 'labels.manage');
  const db = await database();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(labels)
      .values({ workspaceId, ...input })
      .onConflictDoNothing()
      .returning(labelColumns);
    if (!created) throw new ApiError('labelExists');
    await signal(tx, { k: 'l', ws: workspaceId });
    return created;
  });
}

/** An owner or admin renames or recolours a label of the workspace (any other id: 404). */
export async function updateLabel(
  operator: SignedInUser,
  workspaceId: string,
  labelId: string,
  input: z.infer<typeof labelPatchSchema>,
): Promise<LabelView> {
  await requirePermission(operator, workspaceId, 'labels.manage');
  const db = await database();
  return db
    .transaction(async (tx) => {
      const [updated] = await tx
        .update(labels)
        .set(input)
        .where(and(eq(labels.id, labelId), eq(labels.workspaceId, workspaceId)))
        .returning(labelColumns);
      if (!updated) throw new ApiError('notFound');
      await signal(tx, { k: 'l', ws: workspaceId });
      return updated;
    })
    .catch(nameTaken);
}

/** An owner or admin deletes a label: it leaves every conversation it was on (the foreign key cascades). */
export async function deleteLabel(operator: SignedInUser, workspaceId: string, labelId: string): Promise<void> {
  await requirePermission(operator, workspaceId, 'labels.manage');
  const db = await database();
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(labels)
      .where(and(eq(labels.id, labelId), eq(labels.workspaceId, workspaceId)))
      .returning({ id: labels.id });
    if (!deleted) throw new ApiError('notFound');
    await signal(tx, { k: 'l', ws: workspaceId });
  });
}

/**
 * Sets a conversation's labels to exactly `ids` (any member who may answer): the same set twice changes
 * nothing. An id that is no label of the workspace is a 400 and nothing changes.
 */
export async function setConversationLabels(
  operator: SignedInUser,
  workspaceId: string,
  conversationId: string,
  ids: string[],
): Promise<void> {
  const { conversation } = await workspaceConversation(operator, workspaceId, conversationId, 'inbox.answer');
  const db = await database();
  await db.transaction(async (tx) => {
    const known = ids.length
      ? await tx
          .select({ id: labels.id })
          .from(labels)
          .where(and(eq(labels.workspaceId, workspaceId), inArray(labels.id, ids)))
      : [];
    if (known.length !== ids.length) throw new ApiError('unknownLabel');
    await tx
      .delete(conversationLabels)
      .where(
        and(
          eq(conversationLabels.conversationId, conversation.id),
          ids.length ? notInArray(conversationLabels.labelId, ids) : undefined,
        ),
      );
    if (ids.length)
      await tx
        .insert(conversationLabels)
        .values(ids.map((labelId) => ({ conversationId: conversation.id, labelId })))
        .onConflictDoNothing();
    await signal(tx, { k: 'c', ws: workspaceId, c: conversation.id });
  });
}
