// Invitations and members (issue 36, point 2): the link mailed in the inviter's language works once, for 7
// days, only for the invited address once verified; re-sending kills the old link, revoking kills it, and of
// concurrent accepts one makes the membership. Removal, role changes, transfer and deletion keep one owner and
// end the removed member's inbox stream.
import { eq, sql } from 'drizzle-orm';
import { GET as inboxEvents } from '@/app/api/workspaces/[wid]/inbox/events/route';
import { database } from '@/lib/db';
import { createSession } from '@/lib/session/store';
import { adminAuth } from '@/lib/firebase/admin';
import { workspaceInvitations, workspaceMembers, workspaces } from '@/lib/db/schema';
import { inboxStream } from './inbox';
import {
  acceptAs,
  changeRoleIn,
  deleteIn,
  invitationMails,
  inviteTo,
  join,
  membersOf,
  removeFrom,
  revokeIn,
  teamOf,
  verifiedAccount,
} from './members';
import { apiRequest, signedIn } from './signed-in';
import { grantPlan } from './plans';

const DE = { 'accept-language': 'de' };

async function membershipsOf(wid: string) {
  const rows = await (
    await database()
  )
    .select({ uid: workspaceMembers.uid, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, wid));
  return Object.fromEntries(rows.map((row) => [row.uid, row.role]));
}

const refusal = async (response: Response) => [response.status, (await response.json()).error] as const;

describe('an invitation', () => {
  it('mails a link in the inviter’s language that the invited address accepts once, as a member with the role', async () => {
    const owner = await verifiedAccount('owner');
    const wid = await teamOf(owner, 'Acme Support');
    const colleague = await verifiedAccount('colleague');
    const invited = await inviteTo(owner, wid, { email: `  ${colleague.email.toUpperCase()} `, role: 'admin' }, DE);
    expect(invited.status).toBe(201);
    const { invitation } = await invited.json();
    expect(invitation).toEqual({ id: expect.any(String) });
    const [mail] = await invitationMails(colleague.email);
    expect(mail.subject).toBe(`${owner.email} lädt Sie zu Acme Support auf Plauder ein`);
    expect(mail.text).toContain(`http://localhost:3000/de/invitations/${mail.token}`);
    expect(mail.text).toContain('als Admin');

    const accepted = await acceptAs(colleague, mail.token);
    expect([accepted.status, await accepted.json()]).toEqual([200, { workspace: { id: wid } }]);
    expect(await membershipsOf(wid)).toEqual({ [owner.uid]: 'owner', [colleague.uid]: 'admin' });
    const listed = await (await membersOf(colleague, wid)).json();
    expect(listed.members).toEqual([
      { uid: owner.uid, name: owner.email, email: owner.email, role: 'owner', presence: 'offline' },
      { uid: colleague.uid, name: colleague.email, email: colleague.email, role: 'admin', presence: 'offline' },
    ]);
    // The same person again: harmless. Anyone else: used.
    expect((await acceptAs(colleague, mail.token)).status).toBe(200);
    const late = await verifiedAccount('late');
    expect(await refusal(await acceptAs(late, mail.token, DE))).toEqual([
      410,
      { code: 'invitationUsed', message: 'Diese Einladung wurde bereits angenommen.' },
    ]);
    expect(Object.keys(await membershipsOf(wid))).toHaveLength(2);
  });

  it('works for a new account that signs up with the address, once it is verified; never for another address', async () => {
    const owner = await verifiedAccount('owner');
    const wid = await teamOf(owner);
    const newcomer = await signedIn('newcomer');
    expect((await inviteTo(owner, wid, { email: newcomer.email, role: 'agent' })).status).toBe(201);
    const [{ token }] = await invitationMails(newcomer.email);
    expect(await refusal(await acceptAs(newcomer, token, DE))).toEqual([
      403,
      {
        code: 'invitationUnverified',
        message: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse und öffnen Sie dann den Einladungslink erneut.',
      },
    ]);
    const other = await verifiedAccount('other');
    expect(await refusal(await acceptAs(other, token))).toEqual([
      403,
      {
        code: 'invitationWrongAddress',
        message: 'This invitation is for another e-mail address. Sign in with the invited address.',
      },
    ]);
    expect(await membershipsOf(wid)).toEqual({ [owner.uid]: 'owner' });
    await adminAuth().updateUser(newcomer.uid, { emailVerified: true });
    expect((await acceptAs(newcomer, token)).status).toBe(200);
    expect(await membershipsOf(wid)).toEqual({ [owner.uid]: 'owner', [newcomer.uid]: 'agent' });
  });

  it('expires after 7 days by the database’s clock; re-sending gives a new link and kills the old one', async () => {
    const owner = await verifiedAccount('owner');
    const wid = await teamOf(owner);
    const invitee = await verifiedAccount('invitee');
    const first = await (await inviteTo(owner, wid, { email: invitee.email, role: 'agent' })).json();
    const db = await database();
    const [row] = await db
      .select({ days: sql<number>`extract(epoch from ${workspaceInvitations.expiresAt} - now()) / 86400` })
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.id, first.invitation.id));
    expect(Math.round(row.days)).toBe(7);
    await db
      .update(workspaceInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(workspaceInvitations.id, first.invitation.id));
    const [{ token: old }] = await invitationMails(invitee.email);
    expect(await refusal(await acceptAs(invitee, old, DE))).toEqual([
      410,
      { code: 'invitationExpired', message: 'Diese Einladung ist abgelaufen. Bitten Sie um eine neue.' },
    ]);
    expect(await membershipsOf(wid)).toEqual({ [owner.uid]: 'owner' });

    const again = await (await inviteTo(owner, wid, { email: invitee.email, role: 'admin' })).json();
    expect(again.invitation.id).toBe(first.invitation.id);
    const mails = await invitationMails(invitee.email);
    expect(mails).toHaveLength(2);
    expect((await refusal(await acceptAs(invitee, old)))[1].code).toBe('invitationInvalid');
    expect((await acceptAs(invitee, mails[1].token)).status).toBe(200);
    expect(await membershipsOf(wid)).toEqual({ [owner.uid]: 'owner', [invitee.uid]: 'admin' });
  });

  it('stops working once revoked, and is revoked only in its own workspace by an owner or admin', async () => {
    const owner = await verifiedAccount('owner');
    const wid = await teamOf(owner);
    const invitee = await verifiedAccount('invitee');
    const { invitation } = await (await inviteTo(owner, wid, { email: invitee.email, role: 'agent' })).json();
    const stranger = await verifiedAccount('stranger');
    expect((await revokeIn(stranger, wid, invitation.id)).status).toBe(404);
    expect((await revokeIn(stranger, stranger.workspaceId, invitation.id)).status).toBe(404);
    expect((await revokeIn(owner, wid, invitation.id)).status).toBe(204);
    expect((await revokeIn(owner, wid, invitation.id)).status).toBe(404);
    const [{ token }] = await invitationMails(invitee.email);
    expect(await refusal(await acceptAs(invitee, token, DE))).toEqual([
      404,
      {
        code: 'invitationInvalid',
        message: 'Dieser Einladungslink ist nicht (mehr) gültig. Bitten Sie um eine neue Einladung.',
      },
    ]);
    expect(await membershipsOf(wid)).toEqual({ [owner.uid]: 'owner' });
  });

  it('makes one membership of 10 concurrent accepts', async () => {
    const owner = await verifiedAccount('owner');
    const wid = await teamOf(owner);
    const invitee = await verifiedAccount('invitee');
    await inviteTo(owner, wid, { email: invitee.email, role: 'agent' });
    const [{ token }] = await invitationMails(invitee.email);
    const answers = await Promise.all(Array.from({ length: 10 }, () => acceptAs(invitee, token)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await membershipsOf(wid)).toEqual({ [owner.uid]: 'owner', [invitee.uid]: 'agent' });
  });

  it.each([
    ['an address that is none', { email: 'not-an-address', role: 'agent' }, 'email'],
    ['the owner role', { email: 'someone@example.com', role: 'owner' }, 'role'],
    ['no role', { email: 'someone@example.com' }, 'role'],
  ])('refuses %s with a translated 400 and writes nothing', async (_, body, field) => {
    const owner = await verifiedAccount('owner');
    const wid = await teamOf(owner);
    const response = await inviteTo(owner, wid, body, DE);
    const [status, error] = await refusal(response);
    expect([status, error.code, Object.keys(error.fields)]).toEqual([400, 'invalidBody', [field]]);
    expect(error.message).toBe('Einige Felder der Anfrage fehlen oder sind ungültig.');
    const rows = await (
      await database()
    )
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.workspaceId, wid));
    expect(rows).toEqual([]);
  });

  it('refuses a foreign Origin, a malformed token and a visitor without a session', async () => {
    const owner = await verifiedAccount('owner');
    const wid = await teamOf(owner);
    const foreign = await inviteTo(
      owner,
      wid,
      { email: 'a@example.com', role: 'agent' },
      { origin: 'https://evil.example' },
    );
    expect((await refusal(foreign))[1].code).toBe('forbiddenOrigin');
    expect((await acceptAs(owner, 'short')).status).toBe(400);
    expect((await acceptAs(null, 'x'.repeat(43))).status).toBe(401);
    expect((await acceptAs(owner, 'x'.repeat(43))).status).toBe(404);
  });
});

describe('members', () => {
  async function team() {
    const [owner, admin, agent] = await Promise.all(['owner', 'admin', 'agent'].map((p) => verifiedAccount(p)));
    const wid = await teamOf(owner);
    await join(owner, wid, admin, 'admin');
    await join(owner, wid, agent, 'agent');
    return { owner, admin, agent, wid };
  }

  it('keep one owner: admins neither remove nor demote the owner nor make one; the owner leaves only after a transfer', async () => {
    const { owner, admin, agent, wid } = await team();
    expect((await refusal(await removeFrom(admin, wid, owner.uid)))[0]).toBe(403);
    expect((await refusal(await changeRoleIn(admin, wid, owner.uid, 'agent')))[0]).toBe(403);
    expect((await refusal(await changeRoleIn(admin, wid, agent.uid, 'owner')))[0]).toBe(403);
    expect(await refusal(await removeFrom(owner, wid, owner.uid, DE))).toEqual([
      409,
      {
        code: 'ownerMustTransfer',
        message:
          'Der Inhaber kann den Arbeitsbereich nicht verlassen und die Rolle nicht abgeben: Übertragen Sie zuerst die Inhaberschaft an ein anderes Mitglied.',
      },
    ]);
    expect((await refusal(await changeRoleIn(owner, wid, owner.uid, 'admin')))[0]).toBe(409);
    expect(await membershipsOf(wid)).toEqual({ [owner.uid]: 'owner', [admin.uid]: 'admin', [agent.uid]: 'agent' });

    // Two transfers at once: exactly one owner after them.
    const answers = await Promise.all([
      changeRoleIn(owner, wid, admin.uid, 'owner'),
      changeRoleIn(owner, wid, agent.uid, 'owner'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 403]);
    const after = await membershipsOf(wid);
    expect(Object.values(after).filter((role) => role === 'owner')).toHaveLength(1);
    expect(after[owner.uid]).toBe('admin');
    expect((await removeFrom(owner, wid, owner.uid)).status).toBe(204);
    expect(owner.uid in (await membershipsOf(wid))).toBe(false);
  });

  it('cannot delete or hand over a personal workspace; deleting a team removes it whole', async () => {
    const { owner, agent, wid } = await team();
    expect((await refusal(await deleteIn(owner, owner.workspaceId)))[1].code).toBe('personalWorkspace');
    await grantPlan(owner.workspaceId, 'starter');
    await join(owner, owner.workspaceId, agent, 'agent');
    expect((await refusal(await changeRoleIn(owner, owner.workspaceId, agent.uid, 'owner')))[1].code).toBe(
      'personalWorkspace',
    );
    expect((await deleteIn(agent, wid)).status).toBe(403);
    expect((await deleteIn(owner, wid, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await deleteIn(owner, wid)).status).toBe(204);
    const db = await database();
    expect(await db.select().from(workspaces).where(eq(workspaces.id, wid))).toEqual([]);
    expect(await membershipsOf(wid)).toEqual({});
    expect((await membersOf(agent, wid)).status).toBe(404);
  });

  it('end the removed member’s inbox stream at once; the others’ go on', async () => {
    const { owner, admin, agent, wid } = await team();
    const agentStream = await inboxStream({ ...agent, workspaceId: wid });
    const adminStream = await inboxStream({ ...admin, workspaceId: wid });
    const agentPersonal = await inboxStream(agent);
    expect((await removeFrom(owner, wid, agent.uid)).status).toBe(204);
    expect(await agentStream.ended()).toBe(true);
    expect(agentStream.events.map((event) => [event.event, JSON.parse(event.data)])).toContainEqual([
      'removed',
      { workspaceId: wid },
    ]);
    expect(await adminStream.ended(300)).toBe(false);
    expect(await agentPersonal.ended(300)).toBe(false);
    const again = await inboxEvents(apiRequest('GET', `/api/workspaces/${wid}/inbox/events`, agent), {
      params: Promise.resolve({ wid }),
    });
    expect(again.status).toBe(404);
    [adminStream, agentPersonal].forEach((stream) => stream.close());
    expect(await membershipsOf(wid)).toEqual({ [owner.uid]: 'owner', [admin.uid]: 'admin' });
  });
});

describe('the members list', () => {
  it('names each member by their own latest sign-in, whoever signed in last', async () => {
    const owner = await verifiedAccount('owner');
    const wid = await teamOf(owner, 'Names');
    const agent = await verifiedAccount('agent');
    await join(owner, wid, agent, 'agent');
    // Someone outside the workspace signs in after both, with a name and an address of their own.
    const stranger = await verifiedAccount('stranger');
    await createSession({
      uid: stranger.uid,
      lastLoginAt: new Date().toISOString(),
      profile: {
        email: stranger.email,
        displayName: 'Ada Lovelace',
        photoURL: null,
        emailVerified: true,
        providerIds: ['password'],
        admin: false,
      },
    });
    const listed = await (await membersOf(owner, wid)).json();
    expect(listed.members.map(({ uid, name, email }: Record<string, string>) => ({ uid, name, email }))).toEqual([
      { uid: owner.uid, name: owner.email, email: owner.email },
      { uid: agent.uid, name: agent.email, email: agent.email },
    ]);
  });
});
