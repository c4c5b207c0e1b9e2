import 'server-only';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { workspaceMembers, workspaces, type WorkspaceRole } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';

const workspaceIdSchema = z.uuid();

/**
 * Billing's own check at the data (it sits below lib/workspaces), the one every billing record goes through:
 * the user's role in `workspaceId` must be one of `roles`. A member with another role gets `otherMember` (403,
 * or 404 where even the record's existence is private); a stranger or a malformed id the 404 of a workspace
 * that does not exist. Answers the role and whether it is the support staff's own workspace.
 */
export async function requireRole(
  user: { uid: string },
  workspaceId: string,
  roles: readonly WorkspaceRole[],
  {
    otherMember = 'forbidden',
    executor,
  }: { otherMember?: 'forbidden' | 'notFound' | 'billingOwnerOnly'; executor?: Executor } = {},
): Promise<{ role: WorkspaceRole; system: boolean }> {
  if (!workspaceIdSchema.safeParse(workspaceId).success) throw new ApiError('notFound');
  const db = executor ?? (await database());
  const [row] = await db
    .select({ role: workspaceMembers.role, systemKey: workspaces.systemKey })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.uid, user.uid)))
    .limit(1);
  if (!row) throw new ApiError('notFound');
  if (!roles.includes(row.role)) throw new ApiError(otherMember);
  return { role: row.role, system: row.systemKey !== null };
}
