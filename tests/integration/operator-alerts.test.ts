// E-mail alerts to operators (issue 36, point 5): when no dashboard of theirs is open, after the delay each
// chose in the settings, at most one per conversation in 10 minutes, never for a message someone answered
// or read, never with "never". Time passes by moving the data's timestamps back, as the job's clock reads them.
import { eq, sql } from 'drizzle-orm';
import { POST as post } from '@/app/api/widgets/[id]/conversations/[cid]/messages/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { PATCH as patchConversation } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { PUT as saveSettings } from '@/app/api/settings/route';
import { database } from '@/lib/db';
import { dashboardStreams, mails, operatorAlerts } from '@/lib/db/schema';
import { notificationsSettled } from '@/lib/conversations/notify';
import { alertWaitingOperators } from '@/lib/conversations/alert-mail';
import { seedSupportWidget } from '@/lib/widgets/support';
import { DEFAULT_SETTINGS } from '../support/settings';
import { apiRequest, signedIn } from './signed-in';
import { inboxStream } from './inbox';
import { assigneeOf, setSwitch, teammate } from './teammates';
import { until } from '../support/sse';
import { ageConversation, converse, newVisitor, ownWidget, visitorRequest, type Owner, type Visitor } from './visitors';

const cidCtx = (owner: Owner, cid: string) => ({ params: Promise.resolve({ wid: owner.workspaceId, cid }) });

async function mailsTo(to: string) {
  await notificationsSettled();
  return (await database()).select().from(mails).where(eq(mails.to, to)).orderBy(mails.createdAt);
}

function choose(owner: Owner, emailAlerts: string, locale: 'en' | 'de' = 'en', alertScope = 'mineAndUnassigned') {
  return saveSettings(
    apiRequest('PUT', '/api/settings', owner, { ...DEFAULT_SETTINGS, locale, emailAlerts, alertScope }),
  );
}

async function write(widgetId: string, visitor: Visitor, conversationId: string, text: string) {
  const response = await post(
    visitorRequest(
      'POST',
      `/api/widgets/${widgetId}/conversations/${conversationId}/messages`,
      visitor.token,
      { text },
      { 'x-forwarded-for': visitor.address },
    ),
    { params: Promise.resolve({ id: widgetId, cid: conversationId }) },
  );
  expect(response.status).toBe(201);
  await notificationsSettled();
}

const age = ageConversation;

/** Once the ended stream's row has been moved back to lapse after a reload's grace. */
async function closing(owner: Owner) {
  const db = await database();
  await until(async () => {
    const [row] = await db.select().from(dashboardStreams).where(eq(dashboardStreams.uid, owner.uid));
    return Date.now() - row.seenAt.getTime() > 20_000;
  }, true);
}

/** The grace has passed. */
async function lapse(owner: Owner) {
  await (
    await database()
  )
    .update(dashboardStreams)
    .set({ seenAt: sql`now() - interval '1 minute'` })
    .where(eq(dashboardStreams.uid, owner.uid));
}

async function sweep() {
  await alertWaitingOperators();
  await notificationsSettled();
}

describe('e-mail alerts to operators', () => {
  it('mails at once by default, with a link to the thread, at most once per conversation in 10 minutes', async () => {
    const { owner, widgetId } = await ownWidget();
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'Is anyone there?');
    const sent = await mailsTo(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'visitorWaiting',
      subject: 'A visitor is waiting for an answer in Help desk',
    });
    expect(sent[0].text).toContain('Is anyone there?');
    expect(sent[0].text).toContain(`/dashboard/inbox?conversation=${conversation.id}`);
    expect(sent[0].text).toContain('/dashboard/settings');

    // More messages within 10 minutes: no more e-mail, whoever sends it.
    await write(widgetId, visitor, conversation.id, 'Hello?');
    await sweep();
    expect(await mailsTo(owner.email)).toHaveLength(1);

    // 11 minutes later with nothing new: still none; a new message then: one more, with it.
    const db = await database();
    await db
      .update(operatorAlerts)
      .set({ mailedAt: sql`now() - interval '11 minutes'` })
      .where(eq(operatorAlerts.conversationId, conversation.id));
    await age(conversation.id, 11);
    await sweep();
    expect(await mailsTo(owner.email)).toHaveLength(1);
    await write(widgetId, visitor, conversation.id, 'Still waiting');
    const again = await mailsTo(owner.email);
    expect(again).toHaveLength(2);
    expect(again[1].text).toContain('Still waiting');
  });

  it('waits the delay the operator chose, and mails in their language', async () => {
    const { owner, widgetId } = await ownWidget();
    expect((await choose(owner, 'after5', 'de')).status).toBe(200);
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'Kurze Frage');
    await age(conversation.id, 4);
    await sweep();
    expect(await mailsTo(owner.email)).toHaveLength(0);
    await age(conversation.id, 2);
    await sweep();
    await sweep();
    const sent = await mailsTo(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Ein Besucher wartet in Help desk auf eine Antwort');
    expect(sent[0].text).toContain('/de/dashboard/inbox?conversation=');
  });

  it('never mails while a dashboard of the operator is open, and does once it has closed', async () => {
    const { owner, widgetId } = await ownWidget();
    const dashboard = await inboxStream(owner);
    await dashboard.take(1);
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'Are you there?');
    await age(conversation.id, 20);
    await sweep();
    expect(await mailsTo(owner.email)).toHaveLength(0);

    // Closed: a reload's grace first, then the e-mail.
    dashboard.close();
    await closing(owner);
    await sweep();
    expect(await mailsTo(owner.email)).toHaveLength(0);
    await lapse(owner);
    await sweep();
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('never mails about a message someone answered or read', async () => {
    const { owner, widgetId } = await ownWidget();
    const dashboard = await inboxStream(owner);
    await dashboard.take(1);
    const [answered, read, waiting] = await Promise.all(
      ['Answered', 'Read', 'Waiting'].map(async (text) => {
        const visitor = await newVisitor(widgetId);
        return { text, visitor, ...(await converse(widgetId, visitor, text)) };
      }),
    );
    const replied = await reply(
      apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${answered.conversation.id}/messages`, owner, {
        text: 'Here you are.',
      }),
      cidCtx(owner, answered.conversation.id),
    );
    expect(replied.status).toBe(201);
    const marked = await patchConversation(
      apiRequest('PATCH', `/api/workspaces/${owner.workspaceId}/inbox/${read.conversation.id}`, owner, {
        readUpTo: read.message.id,
      }),
      cidCtx(owner, read.conversation.id),
    );
    expect(marked.status).toBe(200);
    dashboard.close();
    for (const { conversation } of [answered, read, waiting]) await age(conversation.id, 20);
    await closing(owner);
    await lapse(owner);
    await sweep();
    const sent = await mailsTo(owner.email);
    expect(sent.map((mail) => mail.text.includes('Waiting'))).toEqual([true]);
  });

  it('never mails an operator who chose never', async () => {
    const { owner, widgetId } = await ownWidget();
    expect((await choose(owner, 'never')).status).toBe(200);
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'Hello?');
    await age(conversation.id, 30);
    await sweep();
    expect(await mailsTo(owner.email)).toHaveLength(0);
  });

  it('mails the assignee of an assigned conversation, and every member while it is unassigned', async () => {
    const owner = await signedIn('owner');
    const { widgetId } = await ownWidget(owner, { autoAssign: true });
    const ada = await teammate(owner.workspaceId, 'ada');
    expect((await setSwitch(owner, 'away')).status).toBe(200);
    expect((await setSwitch(ada, 'available')).status).toBe(200);
    const assigned = await converse(widgetId, await newVisitor(widgetId), 'For Ada');
    expect(await assigneeOf(assigned.conversation.id)).toBe(ada.uid);
    expect(await mailsTo(ada.email)).toHaveLength(1);
    expect(await mailsTo(owner.email)).toHaveLength(0);

    expect((await setSwitch(ada, 'away')).status).toBe(200);
    const waiting = await converse(widgetId, await newVisitor(widgetId), 'For anyone');
    expect(await assigneeOf(waiting.conversation.id)).toBeNull();
    expect(await mailsTo(ada.email)).toHaveLength(2);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('mails each member by their alert scope: theirs and unassigned ones, only theirs, or all', async () => {
    const owner = await signedIn('owner');
    const { widgetId } = await ownWidget(owner, { autoAssign: true });
    const [ada, bob] = [await teammate(owner.workspaceId, 'ada'), await teammate(owner.workspaceId, 'bob')];
    for (const [who, scope] of [
      [owner, 'mine'],
      [ada, 'mineAndUnassigned'],
      [bob, 'all'],
    ] as const)
      expect((await choose(who, 'now', 'en', scope)).status).toBe(200);
    const count = async () => Promise.all([owner, ada, bob].map(async (who) => (await mailsTo(who.email)).length));

    const waiting = await converse(widgetId, await newVisitor(widgetId), 'For anyone');
    expect(await assigneeOf(waiting.conversation.id)).toBeNull();
    expect(await count()).toEqual([0, 1, 1]);

    expect((await setSwitch(owner, 'available')).status).toBe(200);
    const owners = await converse(widgetId, await newVisitor(widgetId), 'For the owner');
    expect(await assigneeOf(owners.conversation.id)).toBe(owner.uid);
    expect(await count()).toEqual([1, 1, 2]);
  });

  it('alerts each support staff member about Plauder’s own widget by their own choice', async () => {
    await seedSupportWidget();
    const staff = await signedIn('staff', { admin: true });
    const quiet = await signedIn('quiet', { admin: true });
    expect((await choose(quiet, 'never')).status).toBe(200);
    const { widgetId } = await ownWidget(staff);
    const db = await database();
    // Support staff are members of the support workspace: move this widget there for the test.
    await db.execute(
      sql`update widgets set workspace_id = (select id from workspaces where system_key = 'support') where id = ${widgetId}`,
    );
    const visitor = await newVisitor(widgetId);
    await converse(widgetId, visitor, 'A question for support');
    expect(await mailsTo(staff.email)).toHaveLength(1);
    expect(await mailsTo(quiet.email)).toHaveLength(0);
  });
});
