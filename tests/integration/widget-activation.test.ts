// Deactivating widgets to fit a plan (issue 38, point 4): a deactivated widget serves no visitor and frees its
// place, activating it again needs one; a plan that shrank below the active widgets pauses the newest until the
// owner chooses what to deactivate. Nothing is ever deleted.
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { GET as frame } from '@/app/embed/[widgetId]/route';
import { GET as list, POST as create } from '@/app/api/widgets/route';
import { PATCH as update } from '@/app/api/widgets/[id]/route';
import { POST as startVisitor } from '@/app/api/widgets/[id]/visitors/route';
import { POST as startConversation } from '@/app/api/widgets/[id]/conversations/route';
import { database } from '@/lib/db';
import { subscriptions, widgets } from '@/lib/db/schema';
import { grantPlan } from './plans';
import { ORIGIN, apiRequest, signedIn } from './signed-in';
import { teammate } from './teammates';
import { newVisitor, visitorRequest } from './visitors';

jest.mock('@/app/embed/[widgetId]/manifest', () => jest.requireActual('./frame-manifest'));

type Owner = Awaited<ReturnType<typeof signedIn>>;
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const settings = { allowedOrigins: ['https://shop.example.com'], accentColor: '#4338ca', greeting: 'Hi', locale: 'en' };

async function make(owner: Owner, name: string) {
  const response = await create(apiRequest('POST', '/api/widgets', owner, { ...settings, name }));
  expect(response.status).toBe(201);
  return (await response.json()).widget.id as string;
}

const setActive = (who: { cookie: string }, id: string, active: boolean, headers = {}) =>
  update(apiRequest('PATCH', `/api/widgets/${id}`, who, { active }, headers), ctx(id));

const frameStatus = async (widgetId: string) =>
  (await frame(new NextRequest(`${ORIGIN}/embed/${widgetId}`), { params: Promise.resolve({ widgetId }) })).status;

const visitorStatus = async (widgetId: string) =>
  (await startVisitor(visitorRequest('POST', `/api/widgets/${widgetId}/visitors`, null, {}), ctx(widgetId))).status;

async function served(owner: Owner) {
  const { widgets: listed } = await (await list(apiRequest('GET', '/api/widgets', owner))).json();
  return Object.fromEntries(
    (listed as { name: string; served: boolean; active: boolean }[]).map((w) => [w.name, [w.active, w.served]]),
  );
}

it('frees a place by deactivating, and asks for one to activate again', async () => {
  const owner = await signedIn('activation');
  const first = await make(owner, 'First');
  expect((await setActive(owner, first, false)).status).toBe(200);
  expect(await frameStatus(first)).toBe(404);
  expect(await visitorStatus(first)).toBe(404);
  // Its place is free: the free tier's one widget can be another.
  const second = await make(owner, 'Second');
  const refused = await setActive(owner, first, true, { 'accept-language': 'de' });
  expect(refused.status).toBe(402);
  expect((await refused.json()).error).toMatchObject({ code: 'planLimit', plan: 'starter' });
  expect(await served(owner)).toEqual({ First: [false, false], Second: [true, true] });

  expect((await setActive(owner, second, false)).status).toBe(200);
  expect((await setActive(owner, first, true)).status).toBe(200);
  expect(await frameStatus(first)).toBe(200);
  const rows = await (await database()).select().from(widgets).where(eq(widgets.workspaceId, owner.workspaceId));
  expect(rows).toHaveLength(2);
});

it('pauses the newest widgets beyond a smaller plan until the owner chooses which to deactivate', async () => {
  const owner = await signedIn('shrunk-widgets');
  await grantPlan(owner.workspaceId, 'starter');
  const [a, b, c] = [await make(owner, 'A'), await make(owner, 'B'), await make(owner, 'C')];
  const returning = await newVisitor(c);
  await (
    await database()
  )
    .update(subscriptions)
    .set({ status: 'canceled' })
    .where(eq(subscriptions.workspaceId, owner.workspaceId));

  expect(await served(owner)).toEqual({ A: [true, true], B: [true, false], C: [true, false] });
  expect([await frameStatus(a), await frameStatus(b), await visitorStatus(c)]).toEqual([200, 404, 404]);
  const conversation = await startConversation(
    visitorRequest(
      'POST',
      `/api/widgets/${c}/conversations`,
      returning.token,
      { text: 'Still there?' },
      {
        'x-forwarded-for': returning.address,
      },
    ),
    ctx(c),
  );
  expect(conversation.status).toBe(404);

  // The owner keeps B rather than A.
  expect((await setActive(owner, a, false)).status).toBe(200);
  expect(await served(owner)).toEqual({ A: [false, false], B: [true, true], C: [true, false] });
  expect(await frameStatus(b)).toBe(200);

  await grantPlan(owner.workspaceId, 'starter');
  expect(await served(owner)).toEqual({ A: [false, false], B: [true, true], C: [true, true] });
  expect(await visitorStatus(c)).toBe(201);
});

it('lets only owners and admins deactivate', async () => {
  const owner = await signedIn('activation-roles');
  const id = await make(owner, 'Desk');
  const agent = await teammate(owner.workspaceId, 'activation-agent');
  expect((await setActive(agent, id, false)).status).toBe(403);
  expect((await setActive(owner, id, false, { origin: 'https://evil.example' })).status).toBe(403);
  expect(await frameStatus(id)).toBe(200);
});
