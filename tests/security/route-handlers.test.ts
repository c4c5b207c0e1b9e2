// Every route handler of app/api, found on disk (a new one is covered without editing this file):
// a foreign or missing Origin on a mutation is refused with 403 before anything happens, a body over the
// handler's limit is refused with 413 whether it declares its length or not, and no answer carries a
// stack trace or a path of the server. Nothing is written by any of these requests.
import { NextRequest } from 'next/server';
import { sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { ORIGIN, apiRequest, signedIn } from '../integration/signed-in';
import { converse, newVisitor } from '../integration/visitors';
import { callRoute, LEAK, loadRoutes, type Method, type Route } from './routes';

jest.setTimeout(60_000);

/** Stripe calls the webhook from its servers: no Origin, authenticated by the signature instead. */
const SERVER_TO_SERVER = new Set(['POST /api/stripe/webhook']);

/** Mutations that take no body (they must still not fail on one). */
const BODILESS = new Set([
  'DELETE /api/session',
  'DELETE /api/profile/photo',
  'DELETE /api/widgets/[id]',
  'DELETE /api/chat/[room]/messages/[id]',
  'DELETE /api/chat/[room]/mutes/[id]',
  'POST /api/catalogue/revalidate',
  'POST /api/widgets/[id]/secret',
  'DELETE /api/workspaces/[wid]',
  'DELETE /api/workspaces/[wid]/members/[uid]',
  'DELETE /api/workspaces/[wid]/invitations/[id]',
  'DELETE /api/workspaces/[wid]/replies/[id]',
  'POST /api/workspaces/[wid]/inbox/[cid]/claim',
  'DELETE /api/workspaces/[wid]/labels/[id]',
  // Block, unblock and erase a visitor: the path names all they need.
  'POST /api/workspaces/[wid]/visitors/[vid]/block',
  'DELETE /api/workspaces/[wid]/visitors/[vid]/block',
  'DELETE /api/workspaces/[wid]/visitors/[vid]',
  // Billing actions that take nothing but the workspace: cancel, resume, pay the overdue charge, open the portal,
  // withdraw (a consumer, within 14 days).
  ...['cancel', 'resume', 'pay', 'portal', 'withdraw'].map((action) => `POST /api/workspaces/[wid]/billing/${action}`),
  // An unknown /api/* address reads no body: it is a 404 whatever is sent.
  ...['POST', 'PUT', 'PATCH', 'DELETE'].map((method) => `${method} /api/[...path]`),
]);

let routes: Route[];
let me: Awaited<ReturnType<typeof signedIn>>;
/** The params each dynamic segment gets: the suite's own records (the path decides which `id`). */
let params: Record<string, string>;
let ids: Record<string, string>;

async function counts() {
  const db = await database();
  const tables = [
    'tickets',
    'ticket_messages',
    'feedback',
    'widgets',
    'chat_messages',
    'orders',
    'local_checkout_sessions',
    'avatars',
    'profiles',
    'sessions',
    'visitors',
    'conversations',
    'conversation_messages',
    'mention_mails',
    'mails',
    'chat_mutes',
  ];
  const result: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    };
    result[table] = rows[0].n;
  }
  return result;
}

function call(route: Route, method: Method, request: NextRequest) {
  // Under a widget's path, `id` is the suite's widget and `cid` its conversation, so each handler gets as far as it
  // can.
  const id = ids[route.path] ?? (route.path.startsWith('/api/widgets/[id]/') ? ids['/api/widgets/[id]'] : undefined);
  return callRoute(route, method, request, { ...params, ...(id && { id }) });
}

beforeAll(async () => {
  routes = await loadRoutes(['POST', 'PUT', 'PATCH', 'DELETE']);
  me = await signedIn('security');
  // Real records of the signed-in user, so that each handler gets as far as reading its body.
  const ticket = await (
    await import('@/app/api/tickets/route')
  ).POST(
    apiRequest('POST', '/api/tickets', me, {
      subject: 'Security suite',
      category: 'technical',
      message: 'A ticket the suite needs.',
    }),
  );
  const widget = await (
    await import('@/app/api/widgets/route')
  ).POST(
    apiRequest('POST', '/api/widgets', me, {
      name: 'Suite',
      allowedOrigins: [],
      accentColor: '#4338CA',
      greeting: 'Hi',
      locale: 'en',
    }),
  );
  const checkout = await (
    await import('@/app/api/checkout/route')
  ).POST(apiRequest('POST', '/api/checkout', me, { productId: 'setup-service', quantity: 1 }));
  for (const response of [ticket, widget, checkout])
    expect([response.status, await response.clone().text()]).toEqual([201, expect.any(String)]);
  const widgetId = (await widget.json()).widget.id;
  const { conversation } = await converse(widgetId, await newVisitor(widgetId), 'A conversation the suite needs');
  params = { id: (await ticket.json()).ticket.id, cid: conversation.id, room: 'lobby', uid: me.uid };
  ids = {
    '/api/widgets/[id]': widgetId,
    '/api/checkout/local/[id]': /cs_local_[0-9a-f]{32}/.exec((await checkout.json()).url)![0],
  };
});

it('finds the route handlers', () => {
  const found = routes.flatMap((route) => Object.keys(route.methods).map((method) => `${method} ${route.path}`));
  expect(found).toEqual(
    expect.arrayContaining([
      'POST /api/tickets',
      'PATCH /api/widgets/[id]',
      'POST /api/checkout',
      'PUT /api/settings',
      'DELETE /api/account',
      // Members' notes (issue 39): the walks below reach them like every other handler.
      'POST /api/workspaces/[wid]/inbox/[cid]/notes',
    ]),
  );
  expect(found.length).toBeGreaterThanOrEqual(18);
});

// A client talking to the server directly chooses Host and X-Forwarded-*: they never make an origin ours.
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

it('refuses a mutation from a foreign or missing Origin with 403 before doing anything', async () => {
  const before = await counts();
  for (const route of routes) {
    for (const method of Object.keys(route.methods) as Method[]) {
      const name = `${method} ${route.path}`;
      for (const [origin, forged] of [
        ['https://evil.example', {}],
        ['https://evil.example', FORGED],
        [null, {}],
        ['null', {}],
        [`${ORIGIN}.evil.example`, {}],
      ] as const) {
        const headers: Record<string, string> = {
          cookie: me.cookie,
          'content-type': 'application/json',
          'accept-language': 'de',
          ...forged,
        };
        if (origin) headers.origin = origin;
        const response = await call(
          route,
          method,
          new NextRequest(`${ORIGIN}${route.path}`, { method, headers, body: method === 'DELETE' ? undefined : '{}' }),
        );
        const body = await response.text();
        if (SERVER_TO_SERVER.has(name)) {
          expect([name, response.status]).toEqual([name, 400]);
        } else {
          expect([name, origin, response.status]).toEqual([name, origin, 403]);
          expect(JSON.parse(body).error).toMatchObject({
            code: 'forbiddenOrigin',
            message: expect.stringMatching(/\w/),
          });
        }
        expect([name, LEAK.test(body)]).toEqual([name, false]);
      }
    }
  }
  expect(await counts()).toEqual(before);
});

it('refuses a body over the limit with 413, declared or streamed, on every handler that takes one', async () => {
  const before = await counts();
  const big = 'x'.repeat(3 * 1024 * 1024);
  const stream = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 48; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(64 * 1024)));
        controller.close();
      },
    });
  // The bodiless ones last: signing out or deleting the widget would stop the others early.
  const order = routes
    .flatMap((route) =>
      (Object.keys(route.methods) as Method[]).map((method) => ({ route, method, name: `${method} ${route.path}` })),
    )
    .sort((a, b) => Number(BODILESS.has(a.name)) - Number(BODILESS.has(b.name)));
  for (const { route, method, name } of order) {
    for (const variant of ['declared', 'streamed'] as const) {
      const headers: Record<string, string> = {
        origin: ORIGIN,
        cookie: me.cookie,
        'content-type': route.path.endsWith('/photo') ? 'multipart/form-data; boundary=x' : 'application/json',
      };
      if (SERVER_TO_SERVER.has(name)) headers['stripe-signature'] = 't=1,v1=00';
      const init =
        variant === 'declared'
          ? { method, headers: { ...headers, 'content-length': String(big.length) }, body: big }
          : { method, headers, body: stream(), duplex: 'half' as const };
      const response = await call(route, method, new NextRequest(`${ORIGIN}${route.path}`, init));
      const body = await response.text();
      if (BODILESS.has(name)) {
        expect([name, variant, response.status < 500]).toEqual([name, variant, true]);
      } else {
        expect([name, variant, response.status]).toEqual([name, variant, 413]);
        expect(JSON.parse(body).error.code).toMatch(/^(payloadTooLarge|photoTooLarge)$/);
      }
      expect([name, LEAK.test(body)]).toEqual([name, false]);
    }
  }
  const after = await counts();
  // The bodiless DELETEs may remove the suite's own records; nothing is ever added.
  for (const table of Object.keys(before)) expect([table, after[table] <= before[table]]).toEqual([table, true]);
});
