// Presence per operator (issue 36, point 3): heartbeats of open inboxes with a grace, so a reload, closing
// one of two tabs or a 30-second network loss flip nothing; past the grace offline; the manual switch wins;
// the widget is online while some operator of its workspace is available (within its hours), live.
import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import { GET as visitorEvents } from '@/app/api/widgets/[id]/events/route';
import { database } from '@/lib/db';
import { widgets } from '@/lib/db/schema';
import { OPERATOR_GRACE_MS, presenceOfMembers, widgetPresence } from '@/lib/conversations/operators';
import { sseReader } from '../support/sse';
import { ORIGIN, signedIn } from './signed-in';
import { newVisitor, ownWidget, type Visitor } from './visitors';
import { inboxStream } from './inbox';
import { ageHeartbeats, heartbeatsOf, setSwitch, statesSeenBy, teammate } from './teammates';
import { membersOf } from './members';

async function team() {
  const owner = await signedIn('owner');
  const { widgetId } = await ownWidget(owner);
  const ada = await teammate(owner.workspaceId, 'ada');
  const bea = await teammate(owner.workspaceId, 'bea');
  return { owner: { ...owner }, widgetId, ada, bea };
}

async function visitorStream(widgetId: string, visitor: Visitor) {
  const controller = new AbortController();
  const request = new NextRequest(`${ORIGIN}/api/widgets/${widgetId}/events`, {
    headers: { authorization: `Bearer ${visitor.token}`, 'x-forwarded-for': visitor.address },
    signal: controller.signal,
  });
  const response = await visitorEvents(request, { params: Promise.resolve({ id: widgetId }) });
  expect(response.status).toBe(200);
  return { ...sseReader(response.body!), close: () => controller.abort() };
}

const online = async (widgetId: string) => (await widgetPresence(widgetId))!.available;
const closed = async () => new Promise((resolve) => setTimeout(resolve, 50));

describe('an operator’s automatic presence', () => {
  it('is available with an open inbox and stays so through a reload, a closed second tab and a 30 s loss', async () => {
    const { widgetId, ada, bea } = await team();
    expect((await statesSeenBy(bea))[ada.uid]).toBe('offline');
    expect(await online(widgetId)).toBe(false);

    // Two tabs; the first one closes. Its heartbeat ages out, the other one's is renewed every 20 s.
    const first = await inboxStream(ada);
    const second = await inboxStream(ada);
    const [one, two] = await heartbeatsOf(ada.uid);
    first.close();
    await closed();
    await ageHeartbeats(ada.uid, OPERATOR_GRACE_MS + 60_000, one.id);
    await ageHeartbeats(ada.uid, 19_000, two.id);
    expect((await statesSeenBy(bea))[ada.uid]).toBe('available');
    expect(await online(widgetId)).toBe(true);

    // A reload: the old stream ends before the new one starts; nothing flips meanwhile.
    second.close();
    await closed();
    expect((await presenceOfMembers(ada.workspaceId)).get(ada.uid)).toBe('available');
    const reloaded = await inboxStream(ada);

    // A 30 s network loss: the last renewal 20 s before it, the reconnect up to 15 s after it.
    await ageHeartbeats(ada.uid, 65_000);
    expect((await statesSeenBy(bea))[ada.uid]).toBe('available');
    const presence = (await widgetPresence(widgetId))!;
    expect(presence.available).toBe(true);
    expect(presence.availableForMs).toBeGreaterThan(OPERATOR_GRACE_MS - 65_000 - 5_000);
    expect(presence.availableForMs).toBeLessThanOrEqual(OPERATOR_GRACE_MS - 65_000);

    // Past the grace: offline, and the widget with it.
    await ageHeartbeats(ada.uid, OPERATOR_GRACE_MS + 1_000);
    expect((await statesSeenBy(bea))[ada.uid]).toBe('offline');
    expect(await online(widgetId)).toBe(false);
    reloaded.close();
  });
});

describe('the manual switch', () => {
  it('wins over the heartbeats: away with an open inbox, available without one, and back to automatic', async () => {
    const { widgetId, ada, bea } = await team();
    const inbox = await inboxStream(ada);
    const away = await setSwitch(ada, 'away');
    expect(away.status).toBe(200);
    expect((await statesSeenBy(bea))[ada.uid]).toBe('away');
    expect(await online(widgetId)).toBe(false);

    expect((await setSwitch(bea, 'available')).status).toBe(200);
    expect((await statesSeenBy(ada))[bea.uid]).toBe('available');
    expect(await online(widgetId)).toBe(true);
    expect((await widgetPresence(widgetId))!.availableForMs).toBeNull();

    await setSwitch(bea, 'auto');
    await setSwitch(ada, 'auto');
    expect(await statesSeenBy(ada)).toEqual(expect.objectContaining({ [ada.uid]: 'available', [bea.uid]: 'offline' }));
    inbox.close();
  });

  it('shows each member’s state in the members list', async () => {
    const { owner, ada, bea } = await team();
    const inbox = await inboxStream(ada);
    expect((await setSwitch(bea, 'away')).status).toBe(200);
    const response = await membersOf(owner, owner.workspaceId);
    expect(response.status).toBe(200);
    const { members } = (await response.json()) as { members: { uid: string; presence: string }[] };
    expect(Object.fromEntries(members.map((member) => [member.uid, member.presence]))).toEqual({
      [owner.uid]: 'offline',
      [ada.uid]: 'available',
      [bea.uid]: 'offline',
    });
    inbox.close();
  });

  it('refuses a status it does not know, translated, and changes nothing', async () => {
    const { ada, bea } = await team();
    const refused = await setSwitch(ada, 'busy');
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe('invalidBody');
    expect((await statesSeenBy(bea))[ada.uid]).toBe('offline');
  });
});

describe('the widget’s online state', () => {
  it('keeps the widget’s own switch and business hours meaningful', async () => {
    const { widgetId, ada } = await team();
    await setSwitch(ada, 'available');
    const db = await database();
    // Open only on a day that is not today (UTC): nobody answers outside the hours, whoever is available.
    const days = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
    const otherDay = days[(new Date().getUTCDay() + 2) % 7];
    const hours = { timeZone: 'UTC', days: { [otherDay]: { from: '00:00', to: '23:59' } } };
    await db.update(widgets).set({ businessHours: hours }).where(eq(widgets.id, widgetId));
    const outside = (await widgetPresence(widgetId))!;
    expect(outside.available).toBe(false);
    expect(outside.nextOpenAt).not.toBeNull();
    await db.update(widgets).set({ businessHours: null, presence: 'away' }).where(eq(widgets.id, widgetId));
    expect(await online(widgetId)).toBe(false);
    await setSwitch(ada, 'away');
    await db.update(widgets).set({ presence: 'available' }).where(eq(widgets.id, widgetId));
    expect(await online(widgetId)).toBe(true);
  });

  it('tells the widget’s visitors live when an operator becomes available or away', async () => {
    const { widgetId, ada } = await team();
    const visitor = await visitorStream(widgetId, await newVisitor(widgetId));
    const frames = async (count: number) =>
      (await visitor.take(count, 10_000)).filter((e) => e.event === 'presence').map((e) => JSON.parse(e.data));
    expect((await frames(1))[0].available).toBe(false);
    await setSwitch(ada, 'available');
    expect((await frames(2))[1].available).toBe(true);
    await setSwitch(ada, 'away');
    expect((await frames(3))[2].available).toBe(false);
    visitor.close();
  });

  it('shows teammates’ states live in every inbox of the workspace', async () => {
    const { ada, bea } = await team();
    const beas = await inboxStream(bea);
    const adas = await inboxStream(ada);
    const heard = async () =>
      beas.events
        .filter((e) => e.event === 'teammates')
        .map((e) => JSON.parse(e.data) as { uid: string; presence: string; name: string }[])
        .map((members) => members.find((member) => member.uid === ada.uid)!.presence);
    while (!(await heard()).includes('available')) await beas.take(beas.events.length + 1, 10_000);
    await setSwitch(ada, 'away');
    while ((await heard()).at(-1) !== 'away') await beas.take(beas.events.length + 1, 10_000);
    adas.close();
    beas.close();
  });
});
