import 'server-only';
import { randomUUID } from 'node:crypto';
import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { database } from '@/lib/db';
import { dashboardStreams, sessions } from '@/lib/db/schema';
import { SUPPORT_OWNER } from '@/lib/widgets/owner';

/** A dashboard's stream renews its row every 20 s; one not renewed this long is closed (its instance is gone). */
export const DASHBOARD_GRACE_MS = 45_000;

const adminClaim = sql<boolean>`coalesce((${sessions.profile}->>'admin')::boolean, false)`;

/**
 * Who is alerted about a conversation of a widget: today the widget's owner, and for Plauder's own widget
 * the support staff (the accounts whose latest sign-in carried the admin claim), as the inbox shows it.
 * Workspaces replace this one function: the workspace's members, filtered by assignment and preference.
 */
export async function operatorsToAlert(conversation: { widgetUid: string }): Promise<string[]> {
  if (conversation.widgetUid !== SUPPORT_OWNER) return [conversation.widgetUid];
  const db = await database();
  const latest = await db
    .selectDistinctOn([sessions.uid], {
      uid: sessions.uid,
      admin: adminClaim,
    })
    .from(sessions)
    // Only accounts that ever signed in as staff; the latest sign-in says whether they still are.
    .where(inArray(sessions.uid, db.select({ uid: sessions.uid }).from(sessions).where(adminClaim)))
    .orderBy(sessions.uid, desc(sessions.createdAt));
  return latest.filter((row) => row.admin).map((row) => row.uid);
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
