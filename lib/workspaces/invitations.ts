import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { deactivatedMembers, workspaceInvitations, workspaceMembers, workspaces } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { toSingleLine } from '@/lib/api/schemas';
import { callIdentityProvider } from '@/lib/firebase/admin';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { sendMail } from '@/lib/mail';
import { mailLater } from '@/lib/mail/later';
import { allowanceOf, planLimit, requireWritable } from '@/lib/billing/entitlements';
import { planWith } from '@/lib/billing/plans';
import type { Executor } from '@/lib/db/types';
import { requirePermission } from './permissions';
import type { InviteInput } from './schema';

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

export type InvitationView = {
  id: string;
  email: string;
  role: 'admin' | 'agent';
  expiresAt: string;
  expired: boolean;
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const pending = and(isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt));

/** Serialises what changes how many seats of a workspace are taken (invitations, activations, plan changes). */
export function lockSeats(tx: Executor, workspaceId: string) {
  return tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`seats:${workspaceId}`})::bigint)`);
}

/**
 * The seats taken: members and, unless `pending` is null, pending unexpired invitations, one each (but the one
 * to `pending.except`, which a re-sent invitation replaces).
 */
export async function seatsTaken(
  tx: Executor,
  workspaceId: string,
  pending: { except: string | null } | null,
): Promise<number> {
  const invited = pending
    ? sql`(select count(*) from ${workspaceInvitations} where ${workspaceInvitations.workspaceId} = ${workspaceId}
        and ${workspaceInvitations.acceptedAt} is null and ${workspaceInvitations.revokedAt} is null
        and ${workspaceInvitations.expiresAt} > now() and ${workspaceInvitations.email} <> ${pending.except ?? ''})`
    : sql`0`;
  const [{ used }] = await tx
    .select({ used: sql<number>`count(*) + ${invited}`.mapWith(Number) })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return used;
}

/**
 * Refuses (402 `planLimit`) one more seat than the workspace's plan gives (seatsTaken). Serialised per workspace
 * with the other changes of seats, so two at once cannot take the last one.
 */
export async function requireSeat(
  tx: Executor,
  workspaceId: string,
  pending: { except: string | null } | null,
): Promise<void> {
  await lockSeats(tx, workspaceId);
  const entitlement = await requireWritable(workspaceId, tx);
  const used = await seatsTaken(tx, workspaceId, pending);
  if (used >= allowanceOf(entitlement).seats) throw planLimit(planWith('seats', used + 1));
}

/**
 * Invites `email` to the workspace with `role` (owners and admins) and mails them the link. Inviting the same
 * address again while an invitation is pending re-sends it: the same invitation (the partial unique index) with
 * a new token and seven days from now, so the link sent before stops working.
 */
export async function invite(
  user: { uid: string; displayName: string | null; email: string | null },
  workspaceId: string,
  input: InviteInput,
  locale: Locale,
): Promise<{ id: string }> {
  await requirePermission(user, workspaceId, 'members.invite');
  const db = await database();
  const [workspace] = await db
    .select({ name: workspaces.name, systemKey: workspaces.systemKey })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (workspace.systemKey) throw new ApiError('supportWorkspace');
  const token = randomBytes(32).toString('base64url');
  const fresh = {
    role: input.role,
    tokenHash: hashOf(token),
    invitedBy: user.uid,
    createdAt: sql`now()`,
    expiresAt: sql`now() + ${`${INVITATION_DAYS} days`}::interval`,
  };
  const row = await db.transaction(async (tx) => {
    await requireSeat(tx, workspaceId, { except: input.email });
    const [inserted] = await tx
      .insert(workspaceInvitations)
      .values({ workspaceId, email: input.email, ...fresh })
      .onConflictDoUpdate({
        target: [workspaceInvitations.workspaceId, workspaceInvitations.email],
        targetWhere: pending,
        set: fresh,
      })
      .returning({ id: workspaceInvitations.id });
    return inserted;
  });
  const link = `${env.siteUrl}${localizedPath(`/invitations/${token}`, locale)}`;
  const inviter = toSingleLine(user.displayName ?? '') || user.email || workspace.name;
  mailLater(
    () => sendMail('invitation', input.email, locale, { workspace: workspace.name, inviter, role: input.role, link }),
    'invitation',
  );
  return row;
}

/** The workspace's pending invitations (expired ones too, which can be re-sent), oldest first. */
export async function listInvitations(user: { uid: string }, workspaceId: string): Promise<InvitationView[]> {
  await requirePermission(user, workspaceId, 'members.invite');
  const db = await database();
  const rows = await db
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      expiresAt: workspaceInvitations.expiresAt,
      expired: sql<boolean>`${workspaceInvitations.expiresAt} <= now()`,
    })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), pending))
    .orderBy(asc(workspaceInvitations.createdAt), asc(workspaceInvitations.id));
  return rows.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() }));
}

/** Revokes a pending invitation (owners and admins): its link stops working. 404 for any other id. */
export async function revokeInvitation(user: { uid: string }, workspaceId: string, id: string): Promise<void> {
  await requirePermission(user, workspaceId, 'members.invite');
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError('notFound');
  const db = await database();
  const [revoked] = await db
    .update(workspaceInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, workspaceId), pending))
    .returning({ id: workspaceInvitations.id });
  if (!revoked) throw new ApiError('notFound');
}

/** What the invitation page shows of a link: the workspace, the invited address and role, and whether it works. */
export async function describeInvitation(token: string) {
  const db = await database();
  const [row] = await db
    .select({
      workspace: workspaces.name,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      acceptedAt: workspaceInvitations.acceptedAt,
      revokedAt: workspaceInvitations.revokedAt,
      expired: sql<boolean>`${workspaceInvitations.expiresAt} <= now()`,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(eq(workspaceInvitations.tokenHash, hashOf(token)));
  if (!row || row.revokedAt) return null;
  const state = row.acceptedAt ? 'used' : row.expired ? 'expired' : 'pending';
  return { workspace: row.workspace, email: row.email, role: row.role, state } as const;
}

/**
 * Accepts an invitation for the signed-in user, whose address (as the identity provider knows it now) must be
 * the invited one and verified. Single use by a conditional update (pending and unexpired), so of concurrent
 * accepts one wins; the same user accepting again, or being a member already, is harmless.
 */
export async function acceptInvitation(user: { uid: string }, token: string): Promise<{ workspaceId: string }> {
  const tokenHash = hashOf(token);
  const db = await database();
  const [invitation] = await db
    .select()
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.tokenHash, tokenHash));
  if (!invitation || invitation.revokedAt) throw new ApiError('invitationInvalid');
  if (invitation.acceptedBy === user.uid) return { workspaceId: invitation.workspaceId };
  if (invitation.acceptedAt) throw new ApiError('invitationUsed');
  const account = await callIdentityProvider((auth) => auth.getUser(user.uid));
  if (account.email?.toLowerCase() !== invitation.email) throw new ApiError('invitationWrongAddress');
  if (!account.emailVerified) throw new ApiError('invitationUnverified');
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ uid: workspaceMembers.uid })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, invitation.workspaceId), eq(workspaceMembers.uid, user.uid)));
    // The plan may have shrunk since the invitation was sent: a member already takes no new seat.
    if (!member) await requireSeat(tx, invitation.workspaceId, null);
    const [accepted] = await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: user.uid })
      .where(
        and(eq(workspaceInvitations.tokenHash, tokenHash), pending, sql`${workspaceInvitations.expiresAt} > now()`),
      )
      .returning({ workspaceId: workspaceInvitations.workspaceId, role: workspaceInvitations.role });
    if (!accepted) {
      const [now] = await tx
        .select({ acceptedBy: workspaceInvitations.acceptedBy, revokedAt: workspaceInvitations.revokedAt })
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.tokenHash, tokenHash));
      if (now?.acceptedBy === user.uid) return { workspaceId: invitation.workspaceId };
      if (!now || now.revokedAt) throw new ApiError('invitationInvalid');
      throw new ApiError(now.acceptedBy ? 'invitationUsed' : 'invitationExpired');
    }
    // A member already keeps their role; one deactivated before comes back through the invitation instead.
    await tx
      .delete(deactivatedMembers)
      .where(and(eq(deactivatedMembers.workspaceId, accepted.workspaceId), eq(deactivatedMembers.uid, user.uid)));
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: accepted.workspaceId, uid: user.uid, role: accepted.role })
      .onConflictDoNothing();
    return { workspaceId: accepted.workspaceId };
  });
}
