import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { sessions, workspaceInvitations, workspaceMembers, workspaces, type WorkspaceRole } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { requireMember } from './access';
import { can, requirePermission } from './permissions';

/** A member as the members list shows them: the name falls back to the address, as for one never seen again. */
export type MemberView = { uid: string; name: string; email: string | null; role: WorkspaceRole };

/**
 * Ends what a membership gave, in the transaction that ends it: the removed person's open event streams of
 * the workspace (`uid`), or every stream of a deleted workspace (null). The conversations' layer provides it.
 */
export type MembershipEnded = (executor: Executor, workspaceId: string, uid: string | null) => Promise<void>;

const ROLE_ORDER = sql`case ${workspaceMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`;

/** Member `uid`'s row while they are not the owner: nobody removes the owner or changes their role. */
export const memberBelowOwner = (workspaceId: string, uid: string) =>
  and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.uid, uid), ne(workspaceMembers.role, 'owner'));

// The member's own row, named in full: in a select of one table Drizzle writes a column without its table, and
// a bare "uid" inside these subqueries would be the subquery's own column (every member would get the newest
// session of anyone).
const memberUid = sql`${workspaceMembers}.${sql.identifier('uid')}`;
const memberWorkspace = sql`${workspaceMembers}.${sql.identifier('workspace_id')}`;

/** What the identity provider said of the member at their latest sign-in (sessions keep it). */
export const latestProfile = (field: 'displayName' | 'email') =>
  sql<
    string | null
  >`(select s.profile->>${field} from ${sessions} s where s.uid = ${memberUid} and s.profile is not null order by s.created_at desc limit 1)`;

/** The address a member accepted their invitation with: known even before their first session is listed. */
export const invitedAddress = sql<
  string | null
>`(select i.email from ${workspaceInvitations} i where i.workspace_id = ${memberWorkspace} and i.accepted_by = ${memberUid} order by i.accepted_at desc limit 1)`;

/** The members of a workspace (any member may see who they work with): owner first, then admins, agents. */
export async function listMembers(user: { uid: string }, workspaceId: string): Promise<MemberView[]> {
  await requirePermission(user, workspaceId, 'members.read');
  const db = await database();
  const rows = await db
    .select({
      uid: workspaceMembers.uid,
      role: workspaceMembers.role,
      name: latestProfile('displayName'),
      email: sql<string | null>`coalesce(${latestProfile('email')}, ${invitedAddress})`,
    })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(ROLE_ORDER, asc(workspaceMembers.createdAt), asc(workspaceMembers.uid));
  return rows.map((row) => ({
    uid: row.uid,
    role: row.role,
    email: row.email,
    name: row.name || row.email || row.uid,
  }));
}

/** 409 for the workspaces whose membership follows other rules: the support staff's follows the admin claim. */
export async function assertManagedByMembers(executor: Executor, workspaceId: string): Promise<{ personal: boolean }> {
  const [row] = await executor
    .select({ systemKey: workspaces.systemKey, personalOf: workspaces.personalOf })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (row?.systemKey) throw new ApiError('supportWorkspace');
  return { personal: row?.personalOf != null };
}

/**
 * Removes `uid` from the workspace: themselves (leaving; the owner transfers first, 409), or another member
 * by an owner or admin (never the owner: 403). From the next request on they read and write nothing there.
 */
export async function removeMember(
  user: { uid: string },
  workspaceId: string,
  uid: string,
  ended: MembershipEnded,
): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    if (uid === user.uid) {
      const role = await requireMember(user, workspaceId, tx);
      if (role === 'owner') throw new ApiError('ownerMustTransfer');
      if (!can(role, 'members.leave')) throw new ApiError('forbidden');
    } else await requirePermission(user, workspaceId, 'members.remove', tx);
    await assertManagedByMembers(tx, workspaceId);
    const [removed] = await tx
      .delete(workspaceMembers)
      .where(memberBelowOwner(workspaceId, uid))
      .returning({ uid: workspaceMembers.uid });
    if (!removed) throw await targetRefusal(tx, workspaceId, uid);
    await ended(tx, workspaceId, uid);
  });
}

/** Why a change to member `uid` touched no row: they are the owner (403), or no member (404). */
export async function targetRefusal(executor: Executor, workspaceId: string, uid: string): Promise<ApiError> {
  const role = await requireMember({ uid }, workspaceId, executor).catch(() => null);
  return new ApiError(role === 'owner' ? 'forbidden' : 'notFound');
}

/**
 * Gives member `uid` the role `admin` or `agent` (owners and admins; the owner's own role changes only by a
 * transfer, 409), or makes them the owner (the owner only): see transferOwnership.
 */
export async function changeRole(
  user: { uid: string },
  workspaceId: string,
  uid: string,
  role: WorkspaceRole,
): Promise<void> {
  if (role === 'owner') return transferOwnership(user, workspaceId, uid);
  const db = await database();
  await db.transaction(async (tx) => {
    const own = await requirePermission(user, workspaceId, 'members.changeRole', tx);
    await assertManagedByMembers(tx, workspaceId);
    if (uid === user.uid && own === 'owner') throw new ApiError('ownerMustTransfer');
    const [changed] = await tx
      .update(workspaceMembers)
      .set({ role })
      .where(memberBelowOwner(workspaceId, uid))
      .returning({ uid: workspaceMembers.uid });
    if (!changed) throw await targetRefusal(tx, workspaceId, uid);
  });
}

/**
 * Makes member `uid` the owner and the owner an admin, in one transaction: the owner's row changes only while
 * it still is the owner's (a conditional update), so two transfers at once leave exactly one owner, and the
 * one-owner index holds at every step. A personal workspace stays its person's (409).
 */
export async function transferOwnership(user: { uid: string }, workspaceId: string, uid: string): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    await requirePermission(user, workspaceId, 'workspace.transferOwnership', tx);
    if ((await assertManagedByMembers(tx, workspaceId)).personal) throw new ApiError('personalWorkspace');
    if (uid === user.uid) return;
    await requireMember({ uid }, workspaceId, tx);
    const [demoted] = await tx
      .update(workspaceMembers)
      .set({ role: 'admin' })
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspaceId),
          eq(workspaceMembers.uid, user.uid),
          eq(workspaceMembers.role, 'owner'),
        ),
      )
      .returning({ uid: workspaceMembers.uid });
    if (!demoted) throw new ApiError('forbidden');
    const [promoted] = await tx
      .update(workspaceMembers)
      .set({ role: 'owner' })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.uid, uid)))
      .returning({ uid: workspaceMembers.uid });
    // Removed meanwhile: nothing changes.
    if (!promoted) throw new ApiError('notFound');
  });
}

/**
 * Deletes a workspace with its widgets, their visitors and conversations, its members and invitations (the
 * owner only; a personal workspace stays, 409). Every open stream of it ends.
 */
export async function deleteWorkspace(
  user: { uid: string },
  workspaceId: string,
  ended: MembershipEnded,
): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    await requirePermission(user, workspaceId, 'workspace.delete', tx);
    if ((await assertManagedByMembers(tx, workspaceId)).personal) throw new ApiError('personalWorkspace');
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    await ended(tx, workspaceId, null);
  });
}
