import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { entitled } from '@/lib/billing/entitlements';
import type { Executor } from '@/lib/db/types';
import { conversations, widgets, workspaceMembers } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { SignedInUser } from '@/lib/session/server';
import { requirePermission } from '@/lib/workspaces/permissions';
import { workspaceConversation } from './inbox/inbox';
import { availableMember, memberName } from './operators';
import { endMembershipStreams, signal } from './signal';

/** Conversations one give-out assigns at most (the rest wait for the next heartbeat's round). */
const GIVE_OUT_MAX = 100;

const inWorkspace = (workspaceId: string) =>
  inArray(
    conversations.widgetId,
    sql`(select ${widgets.id} from ${widgets} where ${widgets.workspaceId} = ${workspaceId})`,
  );

/**
 * Takes an unassigned conversation (a conditional update: of concurrent claims exactly one changes the row).
 * Claiming one's own again answers as before; one someone else has is a 409 naming them.
 */
export async function claimConversation(
  operator: SignedInUser,
  workspaceId: string,
  conversationId: string,
): Promise<void> {
  await requirePermission(operator, workspaceId, 'inbox.assign');
  const { conversation } = await workspaceConversation(operator, workspaceId, conversationId);
  const db = await database();
  const taken = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ assigneeUid: operator.uid, assignedAt: sql`now()` })
      .where(and(eq(conversations.id, conversation.id), isNull(conversations.assigneeUid)))
      .returning({ id: conversations.id });
    if (row) await signal(tx, { k: 'c', ws: workspaceId, c: conversation.id });
    return Boolean(row);
  });
  if (taken) return;
  const [now] = await db
    .select({ assignee: conversations.assigneeUid })
    .from(conversations)
    .where(eq(conversations.id, conversation.id));
  // Unassigned again meanwhile: whoever claims next gets it; this claim still lost the race it was in.
  if (now?.assignee === operator.uid) return;
  const name = now?.assignee ? await memberName(now.assignee) : '—';
  throw new ApiError('alreadyAssigned', undefined, undefined, { name });
}

/**
 * Assigns a conversation to a member (reassigning it), or unassigns it (null). The member is checked in the
 * update's own condition, so one removed meanwhile is never assigned (400 notMember).
 */
export async function assignConversation(
  operator: SignedInUser,
  workspaceId: string,
  conversationId: string,
  assigneeId: string | null,
): Promise<void> {
  await requirePermission(operator, workspaceId, 'inbox.assign');
  const { conversation } = await workspaceConversation(operator, workspaceId, conversationId);
  const member = sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId} and ${workspaceMembers.uid} = ${assigneeId})`;
  const db = await database();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ assigneeUid: assigneeId, assignedAt: assigneeId === null ? null : sql`now()` })
      .where(and(eq(conversations.id, conversation.id), assigneeId === null ? undefined : member))
      .returning({ id: conversations.id });
    if (!row) throw new ApiError('notMember');
    await signal(tx, { k: 'c', ws: workspaceId, c: conversation.id });
  });
}

/** Unassigns everything a member had in the workspace (call it when they leave or are removed). */
export async function unassignMember(workspaceId: string, uid: string, executor?: Executor): Promise<number> {
  const db = executor ?? (await database());
  const rows = await db
    .update(conversations)
    .set({ assigneeUid: null, assignedAt: null })
    .where(and(eq(conversations.assigneeUid, uid), inWorkspace(workspaceId)))
    .returning({ id: conversations.id });
  for (const { id } of rows) await signal(db, { k: 'c', ws: workspaceId, c: id });
  return rows.length;
}

/**
 * What the conversations' layer ends with a membership, in the transaction that ends it (removeMember's
 * `ended`): the member's conversations wait unassigned again, and their open streams end.
 */
export async function endMembership(executor: Executor, workspaceId: string, uid: string | null): Promise<void> {
  if (uid !== null) await unassignMember(workspaceId, uid, executor);
  await endMembershipStreams(executor, workspaceId, uid);
}

/**
 * Gives an unassigned open conversation to the available member with the fewest open assigned ones below
 * `capacity` (ties: the longest without a new assignment), in one statement under the workspace's
 * assignment lock, so concurrent new conversations on any instance never overfill anyone. False: nobody.
 */
async function assignOne(tx: Executor, workspaceId: string, conversationId: string, capacity: number) {
  const result = await tx.execute(sql`
    update ${conversations} c set assignee_uid = pick.uid, assigned_at = now()
    from (
      select m.uid from ${workspaceMembers} m
      left join operator_presence p on p.workspace_id = m.workspace_id and p.uid = m.uid
      cross join lateral (
        select count(*) filter (where o.status = 'open') as open, max(o.assigned_at) as last
        from ${conversations} o join ${widgets} w on w.id = o.widget_id
        where w.workspace_id = m.workspace_id and o.assignee_uid = m.uid
      ) load
      where m.workspace_id = ${workspaceId} and ${availableMember} and load.open < ${capacity}
      order by load.open, load.last nulls first, m.uid
      limit 1
    ) pick
    where c.id = ${conversationId} and c.assignee_uid is null and c.status = 'open'
    returning c.id`);
  // Both drivers answer `{ rows }`.
  if ((result as { rows: unknown[] }).rows.length === 0) return false;
  await signal(tx, { k: 'c', ws: workspaceId, c: conversationId });
  return true;
}

/** The workspace's assignment lock, for the transaction; taken before the message lock where both are. */
export const lockAssignments = (tx: Pick<Executor, 'execute'>, workspaceId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`assign:${workspaceId}`}))`);

/**
 * A new conversation on a widget with auto-assignment, in the transaction that starts it (holding
 * lockAssignments) and before its first message: the message's event then names the assignee, as the
 * alerts' scope needs. Gives it out, or leaves it waiting; a failure rolls back to its savepoint only.
 */
export async function autoAssign(
  tx: Executor,
  widget: { workspaceId: string; assignCapacity: number },
  conversationId: string,
): Promise<boolean> {
  return tx.transaction((savepoint) => assignOne(savepoint, widget.workspaceId, conversationId, widget.assignCapacity));
}

/** Gives out the conversations waiting on auto-assigning widgets, oldest first (an operator became available). */
export async function giveOutWaiting(workspaceId: string): Promise<number> {
  const db = await database();
  // A plan without auto-assignment (a downgrade kept the widgets' setting) gives nothing out.
  if (!(await entitled(workspaceId, 'autoAssign', db))) return 0;
  return db.transaction(async (tx) => {
    await lockAssignments(tx, workspaceId);
    const waiting = await tx
      .select({ id: conversations.id, capacity: widgets.assignCapacity })
      .from(conversations)
      .innerJoin(widgets, eq(widgets.id, conversations.widgetId))
      .where(
        and(
          eq(widgets.workspaceId, workspaceId),
          eq(widgets.autoAssign, true),
          eq(conversations.status, 'open'),
          isNull(conversations.assigneeUid),
        ),
      )
      .orderBy(asc(conversations.createdAt))
      .limit(GIVE_OUT_MAX);
    let given = 0;
    for (const { id, capacity } of waiting) if (await assignOne(tx, workspaceId, id, capacity)) given++;
    return given;
  });
}
