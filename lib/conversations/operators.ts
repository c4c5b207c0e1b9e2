import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { database } from '@/lib/db';
import { dashboardStreams, workspaceMembers } from '@/lib/db/schema';

/** A dashboard's stream renews its row every 20 s; one not renewed this long is closed (its instance is gone). */
export const DASHBOARD_GRACE_MS = 45_000;

/**
 * Who is alerted about a conversation: every member of its widget's workspace (support staff for Plauder's
 * own widget, as members of the support workspace). Assignment will narrow this to the assignee, or to
 * everyone while it is unassigned, by each member's preference.
 */
export async function operatorsToAlert(conversation: { workspaceId: string }): Promise<string[]> {
  const db = await database();
  const members = await db
    .select({ uid: workspaceMembers.uid })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, conversation.workspaceId));
  return members.map((member) => member.uid);
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
