import 'server-only';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { workspaceMembers, workspaces } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';

/**
 * Billing is the owner's: checked at the membership row (lib/billing sits below lib/workspaces). A stranger or
 * a malformed id get 404 as elsewhere, another member 403 `billingOwnerOnly`, the support staff's workspace
 * (which sells nothing) 409.
 */
export async function requireBillingOwner(user: { uid: string }, workspaceId: string, executor?: Executor) {
  if (!z.uuid().safeParse(workspaceId).success) throw new ApiError('notFound');
  const db = executor ?? (await database());
  const [row] = await db
    .select({ role: workspaceMembers.role, systemKey: workspaces.systemKey, name: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.uid, user.uid)))
    .limit(1);
  if (!row) throw new ApiError('notFound');
  if (row.role !== 'owner') throw new ApiError('billingOwnerOnly');
  if (row.systemKey) throw new ApiError('supportWorkspace');
}
