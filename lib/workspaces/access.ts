import 'server-only';
import { and, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { workspaceMembers, type WorkspaceRole } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The scoping of everything in a workspace (widgets, visitors, conversations, messages): the acting user's
 * role in `workspaceId`, read from their membership row. A stranger, a former member or a malformed id get
 * the same 404 as a workspace that does not exist, so they learn nothing.
 */
export async function requireMember(
  user: { uid: string },
  workspaceId: string,
  executor?: Executor,
): Promise<WorkspaceRole> {
  if (!UUID.test(workspaceId)) throw new ApiError('notFound');
  const db = executor ?? (await database());
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.uid, user.uid)))
    .limit(1);
  if (!row) throw new ApiError('notFound');
  return row.role;
}

/**
 * `column` (a workspace id) among the workspaces where the user is a member (with one of `roles`): the same
 * scope as requireMember, inside a query's own condition, so a read or a write touches nothing else.
 */
export function memberScope(user: { uid: string }, column: Column, roles?: readonly WorkspaceRole[]): SQL {
  const member = eq(workspaceMembers.uid, user.uid);
  const condition = roles ? and(member, inArray(workspaceMembers.role, [...roles])) : member;
  return sql`${column} in (select ${workspaceMembers.workspaceId} from ${workspaceMembers} where ${condition})`;
}
