import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { database } from '@/lib/db';
import { entitlementOf } from '@/lib/billing/entitlements';
import { hasFeature } from '@/lib/billing/plans';
import { rowsOf, type Executor } from '@/lib/db/types';
import {
  conversations,
  dashboardStreams,
  operatorHeartbeats,
  operatorPresence,
  profiles,
  sessions,
  widgets,
  workspaceMembers,
  type EmailAlerts,
} from '@/lib/db/schema';
import type { OperatorSwitch } from '@/lib/db/schema/presence';
import type { PresenceView } from './constants';
import { presenceOf } from './presence';

/** A dashboard's stream renews its row every 20 s; one not renewed this long is closed (its instance is gone). */
export const DASHBOARD_GRACE_MS = 45_000;

/**
 * Who is alerted by e-mail about a conversation, with the delay each chose: among the members of its widget's
 * workspace (support staff for Plauder's own widget, as members of the support workspace) those with no
 * dashboard open, each by their alert scope: its assignee; while it is unassigned, everyone but those who want
 * only their own; whoever wants all (as alertFor in the browser). One query per visitor message.
 */
export async function awayOperatorsToAlert(conversation: {
  id: string;
  workspaceId: string;
}): Promise<Array<{ uid: string; emailAlerts: EmailAlerts }>> {
  const db = await database();
  return db
    .select({ uid: workspaceMembers.uid, emailAlerts: sql<EmailAlerts>`coalesce(${profiles.emailAlerts}, 'now')` })
    .from(workspaceMembers)
    .innerJoin(conversations, eq(conversations.id, conversation.id))
    .leftJoin(profiles, eq(profiles.uid, workspaceMembers.uid))
    .where(
      and(
        eq(workspaceMembers.workspaceId, conversation.workspaceId),
        sql`case coalesce(${profiles.alertScope}, 'mineAndUnassigned')
          when 'all' then true
          when 'mine' then ${conversations.assigneeUid} = ${workspaceMembers.uid}
          else ${conversations.assigneeUid} is null or ${conversations.assigneeUid} = ${workspaceMembers.uid} end`,
        sql`not ${dashboardOpen(sql`${workspaceMembers.uid}`)}`,
      ),
    );
}

/** A dashboard whose stream ended still counts as open this long: a reload or a short network loss. */
export const DASHBOARD_CLOSING_MS = 15_000;
const ago = (ms: number) => sql`now() - ${`${ms} milliseconds`}::interval`;

/** Records an operator's dashboard stream as open, at the data, so that every instance knows not to e-mail them. */
export async function openDashboard(uid: string): Promise<string> {
  const id = randomUUID();
  await (await database()).insert(dashboardStreams).values({ id, uid, seenAt: sql`now()` });
  return id;
}

/** Renews the dashboard streams open on this instance. */
export async function renewDashboards(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await (
    await database()
  )
    .update(dashboardStreams)
    .set({ seenAt: sql`now()` })
    .where(inArray(dashboardStreams.id, ids));
}

/** An ended stream's dashboard lapses after DASHBOARD_CLOSING_MS (unless the operator has another one). */
export async function closeDashboard(id: string): Promise<void> {
  await (
    await database()
  )
    .update(dashboardStreams)
    .set({ seenAt: ago(DASHBOARD_GRACE_MS - DASHBOARD_CLOSING_MS) })
    .where(eq(dashboardStreams.id, id));
}

/** SQL: whether a dashboard of `uid` is open now on any instance. */
export const dashboardOpen = (uid: SQL | string) =>
  sql`exists (select 1 from ${dashboardStreams} where ${dashboardStreams.uid} = ${uid} and ${dashboardStreams.seenAt} > ${ago(DASHBOARD_GRACE_MS)})`;

/** Forgets the streams that lapsed long ago (the sweep's housekeeping). */
export async function forgetClosedDashboards(): Promise<void> {
  await (await database()).delete(dashboardStreams).where(sql`${dashboardStreams.seenAt} < ${ago(24 * 60 * 60_000)}`);
}

/**
 * How long an open inbox's heartbeat keeps its operator available. Worst case without a real absence: the
 * last renewal 20 s (the streams' refresh) before a 30 s network loss, then the client's reconnect backoff
 * (1, 2, 4, 8, 16 s: up to 15 s after the network is back) = 65 s; 90 s leaves 25 s for a slow database.
 */
export const OPERATOR_GRACE_MS = 90_000;

export type OperatorState = 'available' | 'away' | 'offline';
export type Teammate = { uid: string; name: string; presence: OperatorState };

const grace = sql`${OPERATOR_GRACE_MS}::int * interval '1 millisecond'`;

/** Whether `uid` (a column or value) has an open inbox of `workspaceId` (a column or value) within the grace. */
export const heartbeating = (workspaceId: unknown, uid: unknown) =>
  sql`exists (select 1 from ${operatorHeartbeats} h where h.workspace_id = ${workspaceId} and h.uid = ${uid} and h.seen_at > now() - ${grace})`;

/**
 * Whether the member of a `workspace_members` row `m` (with its `operator_presence` row `p`) is available:
 * switched to available, or automatic with a heartbeat within the grace. Away by hand wins over heartbeats.
 */
export const availableMember = sql`(p.status = 'available' or (p.status is null and ${heartbeating(sql`m.workspace_id`, sql`m.uid`)}))`;

/** A member's name as their latest sign-in gave it (display name, else the address). */
export const nameOf = (uid: unknown) => sql<string>`coalesce((
  select coalesce(nullif(s.profile->>'displayName', ''), s.profile->>'email')
  from ${sessions} s where s.uid = ${uid} order by s.created_at desc limit 1), ${uid})`;

/** The name of a member (the 409 of a claim, the assignee of an inbox entry). */
export async function memberName(uid: string, executor?: Executor): Promise<string> {
  const db = executor ?? (await database());
  const [row] = rowsOf<{ name: string }>(await db.execute(sql`select ${nameOf(uid)} as name`));
  return row.name;
}

/** Each member's state in the workspace, by uid: the members list's `presence`. */
export async function presenceOfMembers(workspaceId: string): Promise<Map<string, OperatorState>> {
  return new Map((await teammates(workspaceId)).map((member) => [member.uid, member.presence]));
}

/** The members of the workspace with their names and states, by name. The caller checked the membership. */
export async function teammates(workspaceId: string): Promise<Teammate[]> {
  const db = await database();
  const rows = rowsOf<Teammate>(
    await db.execute(sql`
    select m.uid, ${nameOf(sql`m.uid`)} as name, case
      when p.status = 'available' then 'available'
      when ${heartbeating(sql`m.workspace_id`, sql`m.uid`)} then coalesce(p.status, 'available')
      else 'offline' end as presence
    from ${workspaceMembers} m
    left join ${operatorPresence} p on p.workspace_id = m.workspace_id and p.uid = m.uid
    where m.workspace_id = ${workspaceId}
    order by 2, 1`),
  );
  return rows;
}

/** Sets an operator's manual switch (null: automatic again). The caller checked the membership. */
export async function setOperatorSwitch(
  executor: Executor,
  workspaceId: string,
  uid: string,
  status: OperatorSwitch | null,
): Promise<void> {
  await executor
    .insert(operatorPresence)
    .values({ workspaceId, uid, status })
    .onConflictDoUpdate({ target: [operatorPresence.workspaceId, operatorPresence.uid], set: { status } });
}

/** Renews (or starts) the heartbeats of open inbox streams. */
export async function beat(streams: { id: string; workspaceId: string; uid: string }[]): Promise<void> {
  if (streams.length === 0) return;
  const db = await database();
  await db
    .insert(operatorHeartbeats)
    .values(streams.map((stream) => ({ ...stream, seenAt: sql`now()` })))
    .onConflictDoUpdate({ target: operatorHeartbeats.id, set: { seenAt: sql`now()` } });
  // Rows past the grace say nothing any more; dropping them keeps the table as small as the open inboxes.
  await db.delete(operatorHeartbeats).where(sql`${operatorHeartbeats.seenAt} < now() - 2 * ${grace}`);
}

/**
 * Whether any operator of the workspace is available, and for how long that holds without a newer
 * heartbeat (null: someone switched to available by hand).
 */
async function operatorsOf(executor: Executor, workspaceId: string) {
  const rows = rowsOf<{ manual: boolean | null; left_ms: string | number | null }>(
    await executor.execute(sql`
    select bool_or(p.status = 'available') as manual,
      (extract(epoch from max(h.seen_at) - now()) * 1000)::bigint + ${OPERATOR_GRACE_MS}::int as left_ms
    from ${workspaceMembers} m
    left join ${operatorPresence} p on p.workspace_id = m.workspace_id and p.uid = m.uid
    left join ${operatorHeartbeats} h on h.workspace_id = m.workspace_id and h.uid = m.uid and p.status is null
    where m.workspace_id = ${workspaceId}`),
  );
  const [row] = rows;
  const leftMs = row?.left_ms === null || row?.left_ms === undefined ? 0 : Number(row.left_ms);
  if (row?.manual) return { available: true, forMs: null };
  return leftMs > 0 ? { available: true, forMs: leftMs } : { available: false, forMs: null };
}

/**
 * The presence a widget's visitors see now (null: no such widget). A read-only workspace (its payment overdue)
 * is away; business hours count only on a plan that has them (lib/billing/plans.ts).
 */
export async function widgetPresence(widgetId: string, executor?: Executor): Promise<PresenceView | null> {
  const db = executor ?? (await database());
  const [widget] = await db
    .select({ workspaceId: widgets.workspaceId, presence: widgets.presence, businessHours: widgets.businessHours })
    .from(widgets)
    .where(eq(widgets.id, widgetId));
  if (!widget) return null;
  const [operators, entitlement] = await Promise.all([
    operatorsOf(db, widget.workspaceId),
    entitlementOf(widget.workspaceId, db),
  ]);
  return presenceOf({
    presence: entitlement?.readOnly ? 'away' : widget.presence,
    businessHours: entitlement && hasFeature(entitlement.plan, 'businessHours') ? widget.businessHours : null,
    operators,
  });
}

/** The ids of a workspace's widgets (whose visitors hear its operators' presence). */
export async function widgetIdsOf(workspaceId: string, executor?: Executor): Promise<string[]> {
  const db = executor ?? (await database());
  const rows = await db
    .select({ id: widgets.id })
    .from(widgets)
    .where(and(eq(widgets.workspaceId, workspaceId)));
  return rows.map((row) => row.id);
}
