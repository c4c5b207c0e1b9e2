// Workspaces through the JSON API (issue 36): the personal one made once at the first session, however many
// requests race for it; creating, listing and switching, with bad input and foreign Origins refused and
// nothing written; a member of two workspaces sees each one's inbox only under its id; support staff answer
// Plauder's own widget through the support workspace.
import { eq, inArray } from 'drizzle-orm';
import { GET as list, POST as create } from '@/app/api/workspaces/route';
import { PUT as switchTo } from '@/app/api/workspaces/current/route';
import { GET as listWidgets } from '@/app/api/widgets/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { database } from '@/lib/db';
import { SUPPORT_WORKSPACE, workspaceMembers, workspaces } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { seedSupportWidget } from '@/lib/widgets/support';
import { adminAuth } from '@/lib/firebase/admin';
import { signInWithPassword } from './emulator';
import { signIn } from './session-requests';
import { apiRequest, signedIn } from './signed-in';
import { converse, newVisitor, ownWidget } from './visitors';
import { inboxPage, inboxStream } from './inbox';
import { changeRoleIn, inviteTo, removeFrom } from './members';
import { canIn, WORKSPACE_ACTIONS } from '@/lib/workspaces/permissions';
import type { WorkspaceView } from '@/lib/workspaces/service';

type Client = Awaited<ReturnType<typeof signedIn>>;
type Listed = WorkspaceView;

const listOf = async (who: Client): Promise<Listed[]> =>
  (await (await list(apiRequest('GET', '/api/workspaces', who))).json()).workspaces;

async function rowsOf(uid: string) {
  const db = await database();
  return {
    workspaces: await db.select().from(workspaces).where(eq(workspaces.createdBy, uid)),
    memberships: await db.select().from(workspaceMembers).where(eq(workspaceMembers.uid, uid)),
  };
}

describe('the personal workspace', () => {
  it('is made at the first session, and once when many first requests race for it', async () => {
    const me = await signedIn('personal');
    expect(await listOf(me)).toEqual([
      { id: me.workspaceId, name: 'Personal', role: 'owner', personal: true, support: false },
    ]);
    // As if the account predated workspaces: the first requests after it make it, exactly one.
    const db = await database();
    await db.delete(workspaces).where(eq(workspaces.personalOf, me.uid));
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => listWidgets(apiRequest('GET', '/api/widgets', me))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const made = await db.select().from(workspaces).where(eq(workspaces.personalOf, me.uid));
    expect(made).toHaveLength(1);
    const members = await db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, made[0].id));
    expect(members).toEqual([expect.objectContaining({ uid: me.uid, role: 'owner' })]);
  });
});

describe('POST /api/workspaces', () => {
  it('creates a workspace with the user as its owner, once per request key, and lists it', async () => {
    const me = await signedIn('creator');
    const body = { name: '  Acme   support ', requestKey: crypto.randomUUID() };
    const first = await create(apiRequest('POST', '/api/workspaces', me, body));
    expect(first.status).toBe(201);
    const { workspace } = await first.json();
    expect(workspace).toEqual({
      id: expect.any(String),
      name: 'Acme support',
      role: 'owner',
      personal: false,
      support: false,
    });
    const again = await create(apiRequest('POST', '/api/workspaces', me, body));
    expect([again.status, (await again.json()).workspace.id]).toEqual([200, workspace.id]);
    expect((await listOf(me)).map((w) => [w.name, w.role, w.personal])).toEqual([
      ['Personal', 'owner', true],
      ['Acme support', 'owner', false],
    ]);
    expect((await rowsOf(me.uid)).workspaces).toHaveLength(1);
  });

  it.each([
    ['no name', {}, 'name', 'Dieses Feld ist erforderlich.'],
    ['a blank name', { name: '   ' }, 'name', 'Dieses Feld ist erforderlich.'],
    ['a name too long', { name: 'x'.repeat(61) }, 'name', 'Bitte geben Sie höchstens 60 Zeichen ein.'],
    ['a name that is no text', { name: 42 }, 'name', expect.any(String)],
    ['a malformed request key', { name: 'Team', requestKey: 'no' }, 'requestKey', expect.any(String)],
  ])('refuses %s with a translated 400 and writes nothing', async (_, body, field, message) => {
    const me = await signedIn('invalid');
    const before = await rowsOf(me.uid);
    const response = await create(apiRequest('POST', '/api/workspaces', me, body, { 'accept-language': 'de' }));
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error).toMatchObject({
      code: 'invalidBody',
      message: 'Einige Felder der Anfrage fehlen oder sind ungültig.',
    });
    expect(error.fields).toEqual({ [field]: message });
    expect(await rowsOf(me.uid)).toEqual(before);
  });

  it('refuses a body that is no JSON, a foreign Origin and a visitor without a session, writing nothing', async () => {
    const me = await signedIn('refused');
    const before = await rowsOf(me.uid);
    const garbled = await create(apiRequest('POST', '/api/workspaces', me, '{"name":', { 'accept-language': 'de' }));
    expect([garbled.status, (await garbled.json()).error.code]).toEqual([400, 'invalidJson']);
    const foreign = await create(
      apiRequest(
        'POST',
        '/api/workspaces',
        me,
        { name: 'Team' },
        { origin: 'https://evil.example', 'accept-language': 'de' },
      ),
    );
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error).toMatchObject({
      code: 'forbiddenOrigin',
      message: 'Diese Anfrage muss von einer Seite dieser Website kommen.',
    });
    const anonymous = await create(apiRequest('POST', '/api/workspaces', null, { name: 'Team' }));
    expect(anonymous.status).toBe(401);
    expect(await rowsOf(me.uid)).toEqual(before);
    const noSession = await list(apiRequest('GET', '/api/workspaces', null));
    expect(noSession.status).toBe(401);
  });
});

describe('PUT /api/workspaces/current', () => {
  it('remembers the chosen workspace for the widgets without a workspace named, and refuses a stranger’s', async () => {
    const { owner: me } = await ownWidget();
    const other = await signedIn('stranger');
    const team = (await (await create(apiRequest('POST', '/api/workspaces', me, { name: 'Team' }))).json()).workspace;
    const widgetsShown = async () =>
      (await (await listWidgets(apiRequest('GET', '/api/widgets', me))).json()).widgets.length;
    expect(await widgetsShown()).toBe(1);
    const chosen = await switchTo(apiRequest('PUT', '/api/workspaces/current', me, { workspaceId: team.id }));
    expect([chosen.status, (await chosen.json()).workspace.id]).toEqual([200, team.id]);
    expect(await widgetsShown()).toBe(0);

    const foreign = await switchTo(
      apiRequest('PUT', '/api/workspaces/current', me, { workspaceId: other.workspaceId }),
    );
    expect([foreign.status, (await foreign.json()).error.code]).toEqual([404, 'notFound']);
    const malformed = await switchTo(apiRequest('PUT', '/api/workspaces/current', me, { workspaceId: 'team' }));
    expect(malformed.status).toBe(400);
    const crossSite = await switchTo(
      apiRequest(
        'PUT',
        '/api/workspaces/current',
        me,
        { workspaceId: me.workspaceId },
        { origin: 'https://evil.example' },
      ),
    );
    expect(crossSite.status).toBe(403);
    expect(await widgetsShown()).toBe(0);

    // Once they are no member of the remembered one, the personal workspace is shown again.
    const db = await database();
    await db.delete(workspaces).where(eq(workspaces.id, team.id));
    expect(await widgetsShown()).toBe(1);
  });
});

describe('a member of two workspaces', () => {
  it('sees each workspace’s conversations only under its id, live on each one’s stream', async () => {
    const { owner: carol, widgetId: own } = await ownWidget();
    const { owner: dave, widgetId: teams } = await ownWidget();
    const db = await database();
    await db.insert(workspaceMembers).values({ workspaceId: dave.workspaceId, uid: carol.uid, role: 'agent' });
    expect((await listOf(carol)).map((w) => [w.id, w.role])).toEqual(
      expect.arrayContaining([
        [carol.workspaceId, 'owner'],
        [dave.workspaceId, 'agent'],
      ]),
    );
    const [personalStream, teamStream, daveStream] = [
      await inboxStream(carol),
      await inboxStream(carol, dave.workspaceId),
      await inboxStream(dave),
    ];
    const mine = await converse(own, await newVisitor(own), 'For Carol’s own widget');
    const team = await converse(teams, await newVisitor(teams), 'For the team');

    const ids = async (workspaceId: string) =>
      (await (await inboxPage(carol, {}, {}, workspaceId)).json()).conversations.map((c: { id: string }) => c.id);
    expect(await ids(carol.workspaceId)).toEqual([mine.conversation.id]);
    expect(await ids(dave.workspaceId)).toEqual([team.conversation.id]);

    const heard = async (stream: Awaited<ReturnType<typeof inboxStream>>) => {
      const texts = () =>
        stream.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data).message.text as string);
      while (texts().length < 1) await stream.take(stream.events.length + 1);
      return texts();
    };
    expect(await heard(personalStream)).toEqual(['For Carol’s own widget']);
    expect(await heard(teamStream)).toEqual(['For the team']);
    expect(await heard(daveStream)).toEqual(['For the team']);
    [personalStream, teamStream, daveStream].forEach((stream) => stream.close());
  });
});

describe('the support workspace', () => {
  it('holds Plauder’s own widget, which support staff answer and other accounts cannot reach', async () => {
    await seedSupportWidget();
    const staff = await signedIn('staff', { admin: true });
    const customer = await signedIn('customer');
    const support = (await listOf(staff)).find((w) => !w.personal)!;
    const db = await database();
    const [row] = await db.select().from(workspaces).where(eq(workspaces.systemKey, SUPPORT_WORKSPACE));
    expect(support).toEqual({ id: row.id, name: 'Plauder support', role: 'admin', personal: false, support: true });
    expect((await listOf(customer)).map((w) => w.id)).not.toContain(row.id);

    const widgetId = env.supportWidgetId!;
    const { conversation } = await converse(widgetId, await newVisitor(widgetId), 'Do you offer a trial?');
    const listed = await (await inboxPage(staff, {}, {}, row.id)).json();
    expect(listed.conversations.map((c: { id: string }) => c.id)).toContain(conversation.id);
    const answer = (who: Client) =>
      reply(
        apiRequest('POST', `/api/workspaces/${row.id}/inbox/${conversation.id}/messages`, who, {
          text: 'Yes, 14 days.',
        }),
        { params: Promise.resolve({ wid: row.id, cid: conversation.id }) },
      );
    expect((await answer(staff)).status).toBe(201);
    expect((await answer(customer)).status).toBe(404);
    expect((await inboxPage(customer, {}, {}, row.id)).status).toBe(404);
  });

  it('offers its staff none of the membership actions its API refuses', async () => {
    await seedSupportWidget();
    const staff = await signedIn('staff', { admin: true });
    const other = await signedIn('colleague', { admin: true });
    const support = (await listOf(staff)).find((w) => w.support)!;
    const refused = async (response: Response) => [response.status, (await response.json()).error.code];
    expect(await refused(await inviteTo(staff, support.id, { email: 'new@example.com', role: 'agent' }))).toEqual([
      409,
      'supportWorkspace',
    ]);
    expect(await refused(await changeRoleIn(staff, support.id, other.uid, 'agent'))).toEqual([409, 'supportWorkspace']);
    expect(await refused(await removeFrom(staff, support.id, other.uid))).toEqual([409, 'supportWorkspace']);
    // The members page shows a control only where canIn allows it: for an admin there, none of these.
    const membership = WORKSPACE_ACTIONS.filter((action) => action.startsWith('members.') && action !== 'members.read');
    expect(membership.filter((action) => canIn(support, action))).toEqual([]);
    expect(canIn(support, 'inbox.answer')).toBe(true);
    expect(canIn({ ...support, support: false }, 'members.invite')).toBe(true);
  });

  it('loses support staff who sign in without the admin claim', async () => {
    await seedSupportWidget();
    const staff = await signedIn('former', { admin: true });
    const db = await database();
    const support = db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.systemKey, SUPPORT_WORKSPACE));
    const inSupport = () =>
      db
        .select()
        .from(workspaceMembers)
        .where(inArray(workspaceMembers.workspaceId, support))
        .then((rows) => rows.some((member) => member.uid === staff.uid));
    expect(await inSupport()).toBe(true);
    await adminAuth().setCustomUserClaims(staff.uid, { admin: false });
    const idToken = await signInWithPassword(staff.email, 'secret-123');
    await signIn(idToken);
    expect(await inSupport()).toBe(false);
  });
});
