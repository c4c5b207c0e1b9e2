// Assignment (issue 36, point 4): claims race to exactly one winner, assigning checks membership, the views
// Mine / Unassigned / All, and auto-assignment in turn, by fewest open, up to the capacity, and waiting until
// someone is available.
import { unassignMember } from '@/lib/conversations/assignment';
import type { InboxConversationView } from '@/lib/conversations/constants';
import { signedIn } from './signed-in';
import { converse, newVisitor, ownWidget } from './visitors';
import { inboxPage, inboxStream } from './inbox';
import { removeFrom } from './members';
import { assigneeOf, claimAs, patchAs, setSwitch, teammate, type Teammate } from './teammates';

async function team(agents: number, settings: Record<string, unknown> = {}) {
  const owner = await signedIn('owner');
  const { widgetId } = await ownWidget(owner, settings);
  const members: Teammate[] = [];
  for (let i = 0; i < agents; i++) members.push(await teammate(owner.workspaceId, `agent${i}`));
  return { owner, widgetId, members };
}

const newConversation = async (widgetId: string, text = 'Hello') =>
  (await converse(widgetId, await newVisitor(widgetId), text)).conversation.id;

const viewOf = async (who: Teammate, view: string) =>
  ((await (await inboxPage(who, { view })).json()).conversations as InboxConversationView[]).map((entry) => entry.id);

describe('claiming a conversation', () => {
  it('lets exactly one of 20 concurrent claims win; the 19 others get 409 naming the winner', async () => {
    const { widgetId, members } = await team(20);
    const cid = await newConversation(widgetId);
    const answers = await Promise.all(members.map((member) => claimAs(member, cid)));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    const winner = (await won[0].json()).conversation.assignee as { uid: string; name: string };
    expect(await assigneeOf(cid)).toBe(winner.uid);
    const lost = answers.filter((answer) => answer.status !== 200);
    expect(lost.map((answer) => answer.status)).toEqual(Array(19).fill(409));
    for (const answer of lost) {
      const { error } = await answer.json();
      expect(error.code).toBe('alreadyAssigned');
      expect(error.message).toBe(`${winner.name} has already taken this conversation.`);
    }
    // The winner's repeated click answers as before.
    const again = members.find((member) => member.uid === winner.uid)!;
    expect((await claimAs(again, cid)).status).toBe(200);
  });

  it('answers a stranger 404 and writes nothing', async () => {
    const { widgetId } = await team(0);
    const cid = await newConversation(widgetId);
    const stranger = await signedIn('stranger');
    expect((await claimAs({ ...stranger, workspaceId: stranger.workspaceId }, cid)).status).toBe(404);
    expect(await assigneeOf(cid)).toBeNull();
  });
});

describe('assigning by PATCH', () => {
  it('assigns, reassigns and unassigns; a non-member is a translated 400 and nothing changes', async () => {
    const { owner, widgetId, members } = await team(2);
    const [a, b] = members;
    const cid = await newConversation(widgetId);
    expect((await patchAs(a, cid, { assigneeId: b.uid })).status).toBe(200);
    expect(await assigneeOf(cid)).toBe(b.uid);
    expect((await patchAs(a, cid, { assigneeId: a.uid })).status).toBe(200);
    expect(await assigneeOf(cid)).toBe(a.uid);
    const stranger = await signedIn('outsider');
    const refused = await patchAs({ ...owner }, cid, { assigneeId: stranger.uid });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toEqual({
      code: 'notMember',
      message: 'The person to assign must be a member of this workspace.',
    });
    expect(await assigneeOf(cid)).toBe(a.uid);
    expect((await patchAs(b, cid, { assigneeId: null })).status).toBe(200);
    expect(await assigneeOf(cid)).toBeNull();
  });

  it('lists Mine, Unassigned and All, and unassigns a removed member’s conversations', async () => {
    const { widgetId, members } = await team(2);
    const [a, b] = members;
    const mine = await newConversation(widgetId, 'mine');
    const theirs = await newConversation(widgetId, 'theirs');
    const nobodys = await newConversation(widgetId, 'nobody’s');
    expect((await claimAs(a, mine)).status).toBe(200);
    expect((await claimAs(b, theirs)).status).toBe(200);
    expect(await viewOf(a, 'mine')).toEqual([mine]);
    expect(await viewOf(a, 'unassigned')).toEqual([nobodys]);
    expect(new Set(await viewOf(a, 'all'))).toEqual(new Set([mine, theirs, nobodys]));
    expect(new Set(await viewOf(a, 'bogus'))).toEqual(new Set([mine, theirs, nobodys]));
    expect(await unassignMember(a.workspaceId, b.uid)).toBe(1);
    expect(new Set(await viewOf(a, 'unassigned'))).toEqual(new Set([theirs, nobodys]));
  });

  it('hands the conversations of a member removed through the API back, unassigned', async () => {
    const { owner, widgetId, members } = await team(2);
    const [a, b] = members;
    const kept = await newConversation(widgetId, 'kept');
    const handed = await newConversation(widgetId, 'handed back');
    expect((await claimAs(a, kept)).status).toBe(200);
    expect((await claimAs(b, handed)).status).toBe(200);
    expect((await removeFrom(owner, owner.workspaceId, b.uid)).status).toBe(204);
    expect(await assigneeOf(handed)).toBeNull();
    expect(await assigneeOf(kept)).toBe(a.uid);
  });
});

describe('auto-assignment', () => {
  it('gives new conversations out in turn to the available operators', async () => {
    const { widgetId, members } = await team(3, { autoAssign: true, assignCapacity: 5 });
    const [a, b, c] = members;
    await setSwitch(a, 'available');
    await setSwitch(b, 'available');
    await setSwitch(c, 'away');
    const given = [];
    for (let i = 0; i < 4; i++) given.push(await assigneeOf(await newConversation(widgetId, `n${i}`)));
    expect(given.filter((uid) => uid === a.uid)).toHaveLength(2);
    expect(given.filter((uid) => uid === b.uid)).toHaveLength(2);
    // In turn: never the same operator twice in a row.
    expect(given[0]).not.toBe(given[1]);
    expect(given[2]).not.toBe(given[3]);
  });

  it('announces a new conversation’s first message already with its assignee (the alerts’ scope reads it)', async () => {
    const { owner, widgetId, members } = await team(1, { autoAssign: true });
    await setSwitch(members[0], 'available');
    // The owner's open stream would make them available too (a tie with no order): away by hand, they watch.
    await setSwitch(owner, 'away');
    const inbox = await inboxStream(owner);
    await inbox.take(1);
    const id = await newConversation(widgetId, 'Who takes me?');
    const message = async () => {
      for (let count = 1; ; count++) {
        const found = (await inbox.take(count)).find((event) => event.event === 'message');
        if (found) return JSON.parse(found.data) as { conversation: InboxConversationView };
      }
    };
    expect((await message()).conversation.assignee?.uid).toBe(members[0].uid);
    inbox.close();
    expect(await assigneeOf(id)).toBe(members[0].uid);
  });

  it('gives to the one with the fewest open, up to the capacity, then waits until someone is available', async () => {
    const { widgetId, members } = await team(3, { autoAssign: true, assignCapacity: 2 });
    const [a, b, c] = members;
    // A already answers two (taken by hand while nobody was available): the next two go to B.
    for (const text of ['one', 'two'])
      expect((await claimAs(a, await newConversation(widgetId, text))).status).toBe(200);
    await setSwitch(a, 'available');
    await setSwitch(b, 'available');
    expect(await assigneeOf(await newConversation(widgetId, 'three'))).toBe(b.uid);
    expect(await assigneeOf(await newConversation(widgetId, 'four'))).toBe(b.uid);
    // Both are full: the next one waits, and goes to C when C becomes available.
    const waiting = await newConversation(widgetId, 'five');
    expect(await assigneeOf(waiting)).toBeNull();
    expect((await setSwitch(c, 'available')).status).toBe(200);
    expect(await assigneeOf(waiting)).toBe(c.uid);
  });

  it('leaves new conversations unassigned while nobody is available, and never assigns without the setting', async () => {
    const { widgetId, members } = await team(1, { autoAssign: true });
    const waiting = await newConversation(widgetId);
    expect(await assigneeOf(waiting)).toBeNull();
    await setSwitch(members[0], 'available');
    expect(await assigneeOf(waiting)).toBe(members[0].uid);
    const manual = await team(1);
    await setSwitch(manual.members[0], 'available');
    expect(await assigneeOf(await newConversation(manual.widgetId))).toBeNull();
  });

  it('never overfills an operator when new conversations arrive at once', async () => {
    const { widgetId, members } = await team(2, { autoAssign: true, assignCapacity: 2 });
    for (const member of members) await setSwitch(member, 'available');
    const visitors = await Promise.all(Array.from({ length: 8 }, () => newVisitor(widgetId)));
    const started = await Promise.all(visitors.map((visitor, i) => converse(widgetId, visitor, `rush ${i}`)));
    const assignees = await Promise.all(started.map(({ conversation }) => assigneeOf(conversation.id)));
    expect(assignees.filter((uid) => uid === members[0].uid)).toHaveLength(2);
    expect(assignees.filter((uid) => uid === members[1].uid)).toHaveLength(2);
    expect(assignees.filter((uid) => uid === null)).toHaveLength(4);
  });

  it('refuses a capacity out of range with a translated 400', async () => {
    const owner = await signedIn('owner');
    const { POST: createWidget } = await import('@/app/api/widgets/route');
    const { apiRequest } = await import('./signed-in');
    const response = await createWidget(
      apiRequest(
        'POST',
        '/api/widgets',
        owner,
        {
          name: 'Desk',
          allowedOrigins: ['https://shop.example.com'],
          accentColor: '#4338ca',
          locale: 'de',
          autoAssign: true,
          assignCapacity: 0,
        },
        { 'accept-language': 'de' },
      ),
    );
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(Object.keys(error.fields)).toEqual(['assignCapacity']);
  });
});
