import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { deactivatedMembers, workspaceMembers } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { requireSeat } from './invitations';
import {
  assertManagedByMembers,
  invitedAddress,
  latestProfile,
  memberBelowOwner,
  targetRefusal,
  type MembershipEnded,
} from './members';
import { requirePermission } from './permissions';

// Deactivating members to fit a smaller plan (README, "Plans and entitlements"): the owner or an admin chooses
// whom; a deactivated member is no member (no access, no seat) until activated again, and nothing is deleted.

export type DeactivatedMemberView = {
  uid: string;
  name: string;
  email: string | null;
  role: 'admin' | 'agent';
  deactivatedAt: string;
};

/**
 * Deactivates member `uid` (never the owner, never oneself: leaving is for that): their membership moves aside
 * with their role and how they were known, their open streams end and their conversations wait unassigned, as
 * when a member is removed.
 */
export async function deactivateMember(
  user: { uid: string },
  workspaceId: string,
  uid: string,
  ended: MembershipEnded,
): Promise<void> {
  if (uid === user.uid) throw new ApiError('forbidden');
  const db = await database();
  await db.transaction(async (tx) => {
    await requirePermission(user, workspaceId, 'members.remove', tx);
    await assertManagedByMembers(tx, workspaceId);
    // How the member is known, read before the row goes (the names' subqueries read it).
    const [known] = await tx
      .select({
        name: latestProfile('displayName'),
        email: sql<string | null>`coalesce(${latestProfile('email')}, ${invitedAddress})`,
      })
      .from(workspaceMembers)
      .where(memberBelowOwner(workspaceId, uid));
    const [removed] = await tx
      .delete(workspaceMembers)
      .where(memberBelowOwner(workspaceId, uid))
      .returning({ role: workspaceMembers.role, joinedAt: workspaceMembers.createdAt });
    if (!removed) throw await targetRefusal(tx, workspaceId, uid);
    await tx
      .insert(deactivatedMembers)
      .values({
        workspaceId,
        uid,
        role: removed.role as 'admin' | 'agent',
        name: known?.name ?? null,
        email: known?.email ?? null,
        joinedAt: removed.joinedAt,
        deactivatedBy: user.uid,
      })
      .onConflictDoNothing();
    await ended(tx, workspaceId, uid);
  });
}

/** Activates a deactivated member again, with their role, within the plan's seats (402 `planLimit` beyond). */
export async function activateMember(user: { uid: string }, workspaceId: string, uid: string): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    await requirePermission(user, workspaceId, 'members.remove', tx);
    // Pending invitations hold their seats: activating someone takes a free one.
    await requireSeat(tx, workspaceId, { except: null });
    const [member] = await tx
      .delete(deactivatedMembers)
      .where(and(eq(deactivatedMembers.workspaceId, workspaceId), eq(deactivatedMembers.uid, uid)))
      .returning();
    if (!member) throw new ApiError('notFound');
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId, uid, role: member.role, createdAt: member.joinedAt })
      .onConflictDoNothing();
  });
}

/** The workspace's deactivated members, for those who may manage members; oldest deactivation first. */
export async function listDeactivatedMembers(
  user: { uid: string },
  workspaceId: string,
): Promise<DeactivatedMemberView[]> {
  await requirePermission(user, workspaceId, 'members.remove');
  const db = await database();
  const rows = await db
    .select()
    .from(deactivatedMembers)
    .where(eq(deactivatedMembers.workspaceId, workspaceId))
    .orderBy(asc(deactivatedMembers.deactivatedAt), asc(deactivatedMembers.uid));
  return rows.map((row) => ({
    uid: row.uid,
    name: row.name || row.email || row.uid,
    email: row.email,
    role: row.role,
    deactivatedAt: row.deactivatedAt.toISOString(),
  }));
}
