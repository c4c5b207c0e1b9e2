// A workspace with teammates, as the inbox's assignment and presence see it: members added at the data (until
// invitations land), their switch, their heartbeats moved in time, claims and assignments through the API.
import { eq, sql } from 'drizzle-orm';
import { PUT as switchPresence, GET as presence } from '@/app/api/workspaces/[wid]/presence/route';
import { POST as claim } from '@/app/api/workspaces/[wid]/inbox/[cid]/claim/route';
import { PATCH as patchConversation } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { database } from '@/lib/db';
import { conversations, operatorHeartbeats, workspaceMembers } from '@/lib/db/schema';
import { apiRequest, signedIn } from './signed-in';

export type Client = Awaited<ReturnType<typeof signedIn>>;
export type Teammate = Client & { workspaceId: string };

/** A new account made a member (`role`) of `workspaceId`, acting there. */
export async function teammate(workspaceId: string, prefix = 'agent', role: 'admin' | 'agent' = 'agent') {
  const account = await signedIn(prefix);
  await (await database()).insert(workspaceMembers).values({ workspaceId, uid: account.uid, role });
  return { ...account, workspaceId };
}

const wsCtx = (wid: string) => ({ params: Promise.resolve({ wid }) });
const cidCtx = (wid: string, cid: string) => ({ params: Promise.resolve({ wid, cid }) });

/** PUT /api/workspaces/:wid/presence as `who`. */
export const setSwitch = (who: Teammate, status: string) =>
  switchPresence(
    apiRequest('PUT', `/api/workspaces/${who.workspaceId}/presence`, who, { status }),
    wsCtx(who.workspaceId),
  );

/** The members' states as `who` reads them (GET /api/workspaces/:wid/presence), by uid. */
export async function statesSeenBy(who: Teammate): Promise<Record<string, string>> {
  const response = await presence(
    apiRequest('GET', `/api/workspaces/${who.workspaceId}/presence`, who),
    wsCtx(who.workspaceId),
  );
  expect(response.status).toBe(200);
  const { teammates } = (await response.json()) as { teammates: { uid: string; presence: string }[] };
  return Object.fromEntries(teammates.map((member) => [member.uid, member.presence]));
}

export const claimAs = (who: Teammate, cid: string) =>
  claim(apiRequest('POST', `/api/workspaces/${who.workspaceId}/inbox/${cid}/claim`, who), cidCtx(who.workspaceId, cid));

export const patchAs = (who: Teammate, cid: string, body: unknown) =>
  patchConversation(
    apiRequest('PATCH', `/api/workspaces/${who.workspaceId}/inbox/${cid}`, who, body),
    cidCtx(who.workspaceId, cid),
  );

/** Moves `uid`'s heartbeats (all, or the one with `id`) to `ageMs` ago. */
export async function ageHeartbeats(uid: string, ageMs: number, id?: string) {
  await (
    await database()
  )
    .update(operatorHeartbeats)
    .set({ seenAt: sql`now() - ${ageMs}::int * interval '1 millisecond'` })
    .where(id ? eq(operatorHeartbeats.id, id) : eq(operatorHeartbeats.uid, uid));
}

export async function heartbeatsOf(uid: string) {
  return (await database()).select().from(operatorHeartbeats).where(eq(operatorHeartbeats.uid, uid));
}

export async function assigneeOf(cid: string) {
  const [row] = await (
    await database()
  )
    .select({ assignee: conversations.assigneeUid })
    .from(conversations)
    .where(eq(conversations.id, cid));
  return row.assignee;
}
