import 'server-only';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import {
  SUPPORT_WORKSPACE,
  profiles,
  subscriptions,
  workspaceMembers,
  workspaces,
  type WorkspaceRole,
} from '@/lib/db/schema';
import { requestKey } from '@/lib/api/idempotency';
import type { SignedInUser } from '@/lib/session/server';
import { requireMember } from './access';
import type { CreateWorkspaceInput } from './schema';

/** A workspace as its member sees it; `personal`: the member's own personal workspace. */
/** `support`: the support staff's workspace, whose membership follows the admin claim. */
export type WorkspaceView = { id: string; name: string; role: WorkspaceRole; personal: boolean; support: boolean };

/** The stored name of personal workspaces; the dashboard shows it in the member's language. */
export const PERSONAL_NAME = 'Personal';

const viewColumns = {
  id: workspaces.id,
  name: workspaces.name,
  role: workspaceMembers.role,
  personalOf: workspaces.personalOf,
  systemKey: workspaces.systemKey,
};

function view(
  row: { id: string; name: string; role: WorkspaceRole; personalOf: string | null; systemKey: string | null },
  uid: string,
): WorkspaceView {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    personal: row.personalOf === uid,
    support: row.systemKey === SUPPORT_WORKSPACE,
  };
}

/**
 * The user's personal workspace, created with their owner membership when missing. The unique index on
 * `personal_of` makes concurrent first requests create one; each then reads the winner's id.
 */
export async function ensurePersonalWorkspace(uid: string, executor?: Executor): Promise<string> {
  const db = executor ?? (await database());
  await db
    .insert(workspaces)
    .values({ name: PERSONAL_NAME, personalOf: uid })
    .onConflictDoNothing({ target: workspaces.personalOf });
  const [{ id }] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.personalOf, uid))
    .limit(1);
  await db.insert(workspaceMembers).values({ workspaceId: id, uid, role: 'owner' }).onConflictDoNothing();
  return id;
}

/** Support staff (the `admin` claim) are admins of the support workspace; without the claim, no longer. */
export async function syncSupportMembership(uid: string, admin: boolean, executor?: Executor): Promise<void> {
  const db = executor ?? (await database());
  const support = db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.systemKey, SUPPORT_WORKSPACE));
  if (admin)
    await db.execute(
      sql`insert into ${workspaceMembers} (workspace_id, uid, role) select id, ${uid}, 'admin' from (${support}) s on conflict do nothing`,
    );
  else
    await db
      .delete(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.uid, uid),
          eq(workspaceMembers.role, 'admin'),
          sql`${workspaceMembers.workspaceId} in (${support})`,
        ),
      );
}

/** What a new session establishes: the personal workspace, and the support workspace for support staff. */
export async function establishWorkspaces(user: Pick<SignedInUser, 'uid' | 'admin'>): Promise<void> {
  await ensurePersonalWorkspace(user.uid);
  await syncSupportMembership(user.uid, user.admin);
}

/** The workspaces the user belongs to: their personal one first, then by name. */
export async function listWorkspaces(user: Pick<SignedInUser, 'uid'>): Promise<WorkspaceView[]> {
  const db = await database();
  const rows = await db
    .select(viewColumns)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.uid, user.uid))
    .orderBy(sql`${workspaces.personalOf} is distinct from ${user.uid}`, asc(workspaces.name), asc(workspaces.id));
  return rows.map((row) => view(row, user.uid));
}

/**
 * A new workspace with the user as its owner. A repeated request key (the form's, or a fingerprint of the
 * same name within a minute) answers the workspace it created, by the unique index on (creator, key).
 */
export async function createWorkspace(
  user: Pick<SignedInUser, 'uid'>,
  input: CreateWorkspaceInput,
): Promise<{ workspace: WorkspaceView; created: boolean }> {
  const key = requestKey(input.requestKey, user.uid, { name: input.name });
  const db = await database();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(workspaces)
      .values({ name: input.name, createdBy: user.uid, requestKey: key })
      .onConflictDoNothing({ target: [workspaces.createdBy, workspaces.requestKey] })
      .returning({ id: workspaces.id });
    if (inserted) await tx.insert(workspaceMembers).values({ workspaceId: inserted.id, uid: user.uid, role: 'owner' });
    const [row] = await tx
      .select(viewColumns)
      .from(workspaces)
      .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
      .where(
        and(eq(workspaces.createdBy, user.uid), eq(workspaces.requestKey, key), eq(workspaceMembers.uid, user.uid)),
      )
      .limit(1);
    return { workspace: view(row, user.uid), created: Boolean(inserted) };
  });
}

/**
 * The workspace the dashboard shows: the one the user chose last while they are still its member, else
 * their personal one (created when missing).
 */
export async function currentWorkspace(
  user: Pick<SignedInUser, 'uid'>,
): Promise<WorkspaceView & { overdue: string | null }> {
  const db = await database();
  // One query on every dashboard page: the chosen workspace among the user's memberships, else the personal one,
  // with its payment's state when it is overdue (`status|since`: the dashboard's banner, lib/billing/notice.ts).
  const chosenId = db.select({ id: profiles.currentWorkspaceId }).from(profiles).where(eq(profiles.uid, user.uid));
  const overdue = sql<
    string | null
  >`(select ${subscriptions.status} || '|' || coalesce(to_char(${subscriptions.pastDueSince} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), '')
    from ${subscriptions} where ${subscriptions.workspaceId} = ${workspaces.id}
    and ${subscriptions.status} in ('past_due', 'read_only') limit 1)`;
  const [chosen] = await db
    .select({ ...viewColumns, overdue })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.uid, user.uid),
        or(inArray(workspaces.id, chosenId), eq(workspaces.personalOf, user.uid)),
      ),
    )
    .orderBy(sql`${workspaces.personalOf} is not distinct from ${user.uid}`)
    .limit(1);
  if (chosen) return { ...view(chosen, user.uid), overdue: chosen.overdue };
  const id = await ensurePersonalWorkspace(user.uid);
  return { id, name: PERSONAL_NAME, role: 'owner', personal: true, support: false, overdue: null };
}

/** Remembers `workspaceId` as the user's current workspace (404 unless they are its member). */
export async function switchWorkspace(user: Pick<SignedInUser, 'uid'>, workspaceId: string): Promise<void> {
  await requireMember(user, workspaceId);
  const db = await database();
  await db
    .insert(profiles)
    .values({ uid: user.uid, currentWorkspaceId: workspaceId })
    .onConflictDoUpdate({ target: profiles.uid, set: { currentWorkspaceId: workspaceId, updatedAt: sql`now()` } });
}

/** The workspace a request names (`?workspace=<id>`, checked where it is used), else the user's current one. */
export async function namedOrCurrentWorkspace(user: Pick<SignedInUser, 'uid'>, named: string | null): Promise<string> {
  return named ?? (await currentWorkspace(user)).id;
}
