import 'server-only';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { workspaceMembers, type WorkspaceRole } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';

const workspaceIdSchema = z.uuid();

/**
 * Billing's own check at the data (it sits below lib/workspaces): the user's role in `workspaceId` must be one
 * of `roles`. A member with another role gets `otherMember` (403, or 404 where even the record's existence is
 * private); a stranger or a malformed id the 404 of a workspace that does not exist.
 */
export async function requireRole(
  user: { uid: string },
  workspaceId: string,
  roles: readonly WorkspaceRole[],
  { otherMember = 'forbidden', executor }: { otherMember?: 'forbidden' | 'notFound'; executor?: Executor } = {},
): Promise<WorkspaceRole> {
  if (!workspaceIdSchema.safeParse(workspaceId).success) throw new ApiError('notFound');
  const db = executor ?? (await database());
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.uid, user.uid)))
    .limit(1);
  if (!row) throw new ApiError('notFound');
  if (!roles.includes(row.role)) throw new ApiError(otherMember);
  return row.role;
}
