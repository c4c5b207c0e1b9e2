// What the customer's page says of its visitor (setAttributes): typed, limited, merged at the data, and shown to
// the workspace's operators in the inbox, never as verified.
import { PATCH as patchVisitor } from '@/app/api/widgets/[id]/visitors/route';
import { GET as inbox } from '@/app/api/workspaces/[wid]/inbox/route';
import { apiRequest } from './signed-in';
import { converse, newVisitor, ownWidget, visitorRequest, type Owner, type Visitor } from './visitors';

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

function setAttributes(widgetId: string, visitor: Visitor, attributes: unknown, headers: Record<string, string> = {}) {
  return patchVisitor(
    visitorRequest('PATCH', `/api/widgets/${widgetId}/visitors`, visitor.token, { attributes }, headers),
    ctx(widgetId),
  );
}

async function attributesInInbox(owner: Owner) {
  const { conversations } = await (
    await inbox(apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox`, owner), {
      params: Promise.resolve({ wid: owner.workspaceId }),
    })
  ).json();
  return conversations[0].visitor.attributes;
}

it('merges typed attributes, removes those set to null, and shows them in the inbox', async () => {
  const { owner, widgetId } = await ownWidget();
  const visitor = await newVisitor(widgetId);
  await converse(widgetId, visitor, 'Which plan fits us?');
  expect(await attributesInInbox(owner)).toEqual({});

  const set = await setAttributes(widgetId, visitor, {
    plan: 'Pro\nannual',
    seats: 12,
    trial: false,
    'order.id': 'A-7',
  });
  expect(set.status).toBe(200);
  expect(await attributesInInbox(owner)).toEqual({ plan: 'Pro annual', seats: 12, trial: false, 'order.id': 'A-7' });

  await setAttributes(widgetId, visitor, { trial: null, seats: 14, region: 'EU' });
  expect(await attributesInInbox(owner)).toEqual({ plan: 'Pro annual', seats: 14, 'order.id': 'A-7', region: 'EU' });
});

it('refuses what is not an attribute with a translated 400, and writes nothing', async () => {
  const { owner, widgetId } = await ownWidget();
  const visitor = await newVisitor(widgetId);
  await converse(widgetId, visitor, 'Hello');
  await setAttributes(widgetId, visitor, { plan: 'Pro' });
  for (const attributes of [
    { '1st': 'x' },
    { 'with space': 'x' },
    { ['k'.repeat(33)]: 'x' },
    { plan: 'x'.repeat(121) },
    { plan: { nested: true } },
    { plan: ['a'] },
    Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`key${i}`, i])),
    'plan=Pro',
  ]) {
    const refused = await setAttributes(widgetId, visitor, attributes, { 'accept-language': 'de' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe('invalidBody');
  }
  expect(await attributesInInbox(owner)).toEqual({ plan: 'Pro' });
});

it('keeps at most 20 attributes however the requests come, removals first', async () => {
  const { owner, widgetId } = await ownWidget();
  const visitor = await newVisitor(widgetId);
  await converse(widgetId, visitor, 'Hello');
  const batch = (prefix: string, count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, i]));
  const answers = await Promise.all([
    setAttributes(widgetId, visitor, batch('a', 11)),
    setAttributes(widgetId, visitor, batch('b', 11), { 'accept-language': 'de' }),
  ]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  const refused = await answers.find((answer) => answer.status === 400)!.json();
  expect(refused.error.code).toBe('tooManyAttributes');
  expect(Object.keys(await attributesInInbox(owner))).toHaveLength(11);

  // Making room in the same request counts: 11 − 3 + 12 = 20.
  const kept = Object.keys(await attributesInInbox(owner));
  const removals = Object.fromEntries(kept.slice(0, 3).map((key) => [key, null]));
  expect((await setAttributes(widgetId, visitor, { ...removals, ...batch('c', 12) })).status).toBe(200);
  expect(Object.keys(await attributesInInbox(owner))).toHaveLength(20);
  expect((await setAttributes(widgetId, visitor, { one: 'more' })).status).toBe(400);
});
