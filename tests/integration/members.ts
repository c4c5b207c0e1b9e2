// Members of a workspace through the JSON API (issue 36): invitations mailed and accepted as a real invitee
// does, removals and role changes, as the tests of members, invitations and the permission matrix use them.
import { and, desc, eq } from 'drizzle-orm';
import { POST as createWorkspace } from '@/app/api/workspaces/route';
import { DELETE as deleteWorkspace } from '@/app/api/workspaces/[wid]/route';
import { GET as listMembers } from '@/app/api/workspaces/[wid]/members/route';
import { DELETE as removeMember, PATCH as changeRole } from '@/app/api/workspaces/[wid]/members/[uid]/route';
import { POST as invite } from '@/app/api/workspaces/[wid]/invitations/route';
import { DELETE as revoke } from '@/app/api/workspaces/[wid]/invitations/[id]/route';
import { POST as accept } from '@/app/api/invitations/accept/route';
import { database } from '@/lib/db';
import { mails } from '@/lib/db/schema';
import { adminAuth } from '@/lib/firebase/admin';
import { mailsSettled } from '@/lib/mail/later';
import type { PaidPlanId } from '@/lib/billing/plans';
import { grantPlan } from './plans';
import { apiRequest, signedIn } from './signed-in';

export type Client = Awaited<ReturnType<typeof signedIn>>;
type Who = { cookie: string } | null;

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });

/** A new account whose address the identity provider has verified (as after the link of its e-mail). */
export async function verifiedAccount(prefix: string): Promise<Client> {
  const client = await signedIn(prefix);
  await adminAuth().updateUser(client.uid, { emailVerified: true });
  return client;
}

/** A new team workspace of `owner` (not their personal one) on `plan` (the free tier with null); answers its id. */
export async function teamOf(owner: Client, name = 'Team', plan: PaidPlanId | null = 'business'): Promise<string> {
  const response = await createWorkspace(
    apiRequest('POST', '/api/workspaces', owner, { name, requestKey: crypto.randomUUID() }),
  );
  expect(response.status).toBe(201);
  const { id } = (await response.json()).workspace;
  if (plan) await grantPlan(id, plan);
  return id;
}

export const inviteTo = (who: Who, wid: string, body: unknown, headers: Record<string, string> = {}) =>
  invite(apiRequest('POST', `/api/workspaces/${wid}/invitations`, who, body, headers), ctx({ wid }));

export const revokeIn = (who: Who, wid: string, id: string) =>
  revoke(apiRequest('DELETE', `/api/workspaces/${wid}/invitations/${id}`, who), ctx({ wid, id }));

export const acceptAs = (who: Who, token: unknown, headers: Record<string, string> = {}) =>
  accept(apiRequest('POST', '/api/invitations/accept', who, { token }, headers));

export const membersOf = (who: Who, wid: string) =>
  listMembers(apiRequest('GET', `/api/workspaces/${wid}/members`, who), ctx({ wid }));

export const changeRoleIn = (who: Who, wid: string, uid: string, role: string, headers: Record<string, string> = {}) =>
  changeRole(apiRequest('PATCH', `/api/workspaces/${wid}/members/${uid}`, who, { role }, headers), ctx({ wid, uid }));

export const removeFrom = (who: Who, wid: string, uid: string, headers: Record<string, string> = {}) =>
  removeMember(
    apiRequest('DELETE', `/api/workspaces/${wid}/members/${uid}`, who, undefined, headers),
    ctx({ wid, uid }),
  );

export const deleteIn = (who: Who, wid: string, headers: Record<string, string> = {}) =>
  deleteWorkspace(apiRequest('DELETE', `/api/workspaces/${wid}`, who, undefined, headers), ctx({ wid }));

/** The invitation e-mails sent to `to` so far, oldest first, each with the token of its link. */
export async function invitationMails(to: string) {
  await mailsSettled();
  const rows = await (
    await database()
  )
    .select()
    .from(mails)
    .where(and(eq(mails.to, to), eq(mails.kind, 'invitation')))
    .orderBy(desc(mails.createdAt));
  return rows.reverse().map((row) => ({ ...row, token: /\/invitations\/([A-Za-z0-9_-]{43})/.exec(row.text)?.[1] }));
}

/** Invites `member` to `wid` as `role` and accepts the mailed link as them: the way into a team. */
export async function join(owner: Client, wid: string, member: Client, role: 'admin' | 'agent') {
  expect((await inviteTo(owner, wid, { email: member.email, role })).status).toBe(201);
  const token = (await invitationMails(member.email)).at(-1)!.token;
  const answer = await acceptAs(member, token);
  expect([answer.status, (await answer.json()).workspace?.id]).toEqual([200, wid]);
}
