import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { deactivatedMembers, workspaceMembers } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { allowanceOf, entitlementOf } from '@/lib/billing/entitlements';
import type { Executor } from '@/lib/db/types';
import { lockSeats, requireSeat, seatsTaken } from './invitations';
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
// whom, else the plan's seats do (the newest); a deactivated member is no member (no access, no seat) until
// activated again, and nothing is deleted.

export type DeactivatedMemberView = {
  uid: string;
  name: string;
  email: string | null;
  role: 'admin' | 'agent';
  deactivatedAt: string;
  /** `seats`: the plan's seats put them aside (they come back as seats free up); `chosen`: someone did. */
  reason: 'chosen' | 'seats';
};

/**
 * Moves member `uid` (not the owner) aside with their role and how they were known; false when they are no such
 * member. The caller ends what the membership gave (`ended`).
 */
async function moveAside(
  tx: Executor,
  workspaceId: string,
  uid: string,
  by: { deactivatedBy: string | null; reason: 'chosen' | 'seats' },
): Promise<boolean> {
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
  if (!removed) return false;
  await tx
    .insert(deactivatedMembers)
    .values({
      workspaceId,
      uid,
      role: removed.role as 'admin' | 'agent',
      name: known?.name ?? null,
      email: known?.email ?? null,
      joinedAt: removed.joinedAt,
      ...by,
    })
    .onConflictDoNothing();
  return true;
}

/** Makes deactivated member `uid` a member again with their role and joining time; false when there is none. */
async function restore(tx: Executor, workspaceId: string, uid: string): Promise<boolean> {
  const [member] = await tx
    .delete(deactivatedMembers)
    .where(and(eq(deactivatedMembers.workspaceId, workspaceId), eq(deactivatedMembers.uid, uid)))
    .returning();
  if (!member) return false;
  await tx
    .insert(workspaceMembers)
    .values({ workspaceId, uid, role: member.role, createdAt: member.joinedAt })
    .onConflictDoNothing();
  return true;
}

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
    if (!(await moveAside(tx, workspaceId, uid, { deactivatedBy: user.uid, reason: 'chosen' })))
      throw await targetRefusal(tx, workspaceId, uid);
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
    if (!(await restore(tx, workspaceId, uid))) throw new ApiError('notFound');
  });
}

/**
 * Fits the members to the plan's seats in the transaction that changed the plan (lib/billing's SeatKeeper):
 * beyond the seats the newest members go aside (`seats`; nothing is deleted, the owner may swap them for others),
 * and those the seats put aside come back, oldest first, while seats are free. An owner's or admin's choice stays.
 */
export async function fitSeats(tx: Executor, workspaceId: string, ended: MembershipEnded): Promise<void> {
  await lockSeats(tx, workspaceId);
  const entitlement = await entitlementOf(workspaceId, tx);
  if (!entitlement) return;
  const { seats } = allowanceOf(entitlement);
  const members = await tx
    .select({ uid: workspaceMembers.uid })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(sql`${workspaceMembers.role} = 'owner' desc`, asc(workspaceMembers.createdAt), asc(workspaceMembers.uid));
  for (const { uid } of members.slice(seats)) {
    if (await moveAside(tx, workspaceId, uid, { deactivatedBy: null, reason: 'seats' }))
      await ended(tx, workspaceId, uid);
  }
  const free = seats - (await seatsTaken(tx, workspaceId, { except: null }));
  if (free <= 0) return;
  const back = await tx
    .select({ uid: deactivatedMembers.uid })
    .from(deactivatedMembers)
    .where(and(eq(deactivatedMembers.workspaceId, workspaceId), eq(deactivatedMembers.reason, 'seats')))
    .orderBy(asc(deactivatedMembers.joinedAt), asc(deactivatedMembers.uid))
    .limit(free);
  for (const { uid } of back) await restore(tx, workspaceId, uid);
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
    reason: row.reason,
  }));
}
