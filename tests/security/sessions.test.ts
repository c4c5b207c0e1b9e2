// The session is verified at the data: every route handler that works for a user answers 401 to a
// request without a valid session, whatever the cookie (none, expired, tampered, sealed with another
// secret, or well sealed but never issued by this server), before reading or writing anything.
import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { SESSION_COOKIE, sealSession } from '@/lib/session/cookie';
import { ORIGIN, signedIn } from '../integration/signed-in';
import { callRoute, LEAK, loadRoutes, VISITOR_HANDLERS, type Method, type Route } from './routes';

jest.setTimeout(60_000);

/**
 * Handlers anyone may call: the shop, the public chat, sign-in itself, server-to-server calls, and the
 * widget's visitors (they hold a visitor token instead: tests/security/visitor-tokens.test.ts).
 */
const PUBLIC = new Set([
  ...VISITOR_HANDLERS,
  // Every unknown /api/* address: a 404 for everybody, with no data behind it.
  ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => `${method} /api/[...path]`),
  'GET /api/products',
  'GET /api/health',
  'GET /api/avatars/[uid]',
  // An operator's photo in the widget: an <img> sends no visitor token; its address names no uid.
  'GET /api/operator-photos/[id]/[key]',
  'GET /api/chat/[room]/events',
  'GET /api/chat/[room]/messages',
  'POST /api/chat/[room]/messages',
  'POST /api/checkout',
  'POST /api/checkout/cancel',
  'GET /api/checkout/return',
  'POST /api/checkout/local/[id]',
  'POST /api/stripe/webhook',
  'POST /api/catalogue/revalidate',
  'POST /api/session',
  'DELETE /api/session',
  // A transcript's confirmation link: the mailed token in the body is the authority.
  'POST /api/transcripts',
  'GET /api/firebase/config',
  // The local mailbox's attachments, public like /mailbox itself (local mode only; 404 with a real project).
  'GET /api/mailbox/attachments/[id]',
  // The test clock of local mode (404 with a Stripe key or a real project), like the test checkout's pay route.
  'POST /api/test-clock/advance',
]);

let routes: Route[];
let cookies: Array<[string, string | null]>;

beforeAll(async () => {
  routes = await loadRoutes(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  const secret = process.env.SESSION_SECRET!;
  const real = await signedIn('sessions');
  const user = {
    sid: randomUUID(),
    uid: real.uid,
    email: real.email,
    displayName: null,
    photoURL: null,
    emailVerified: true,
    providerIds: ['password'],
    lastLoginAt: new Date().toISOString(),
  };
  cookies = [
    ['no cookie', null],
    [
      'an expired session (over 24 h)',
      await sealSession({ ...user, lastLoginAt: new Date(Date.now() - 86_401_000).toISOString() }, secret),
    ],
    ['a tampered cookie', real.value.replace(/.$/, (c) => (c === 'x' ? 'y' : 'x'))],
    ['a cookie sealed with another secret', await sealSession(user, 'another-secret-that-is-long-enough-000000')],
    ['a well-sealed session this server never issued', await sealSession(user, secret)],
  ];
});

async function rowCount() {
  const db = await database();
  const { rows } = (await db.execute(
    sql.raw(
      `select (select count(*) from tickets) + (select count(*) from feedback) + (select count(*) from widgets) + (select count(*) from profiles) + (select count(*) from avatars) + (select count(*) from conversation_messages) + (select count(*) from mails) as n`,
    ),
  )) as unknown as { rows: { n: string | number }[] };
  return Number(rows[0].n);
}

it('knows which handlers are public; every other one needs a session', () => {
  const all = routes.flatMap((route) => Object.keys(route.methods).map((method) => `${method} ${route.path}`));
  for (const name of PUBLIC) expect(all).toContain(name);
  // A member's note (issue 39) needs a session like the rest of the inbox.
  expect(all).toContain('POST /api/workspaces/[wid]/inbox/[cid]/notes');
  expect(PUBLIC.has('POST /api/workspaces/[wid]/inbox/[cid]/notes')).toBe(false);
  // So do the reports, their drill-down and their CSV export.
  for (const name of ['', '/conversations', '/conversations.csv'].map(
    (tail) => `GET /api/workspaces/[wid]/reports${tail}`,
  )) {
    expect(all).toContain(name);
    expect(PUBLIC.has(name)).toBe(false);
  }
  expect(all.filter((name) => !PUBLIC.has(name)).length).toBeGreaterThanOrEqual(15);
});

it('answers 401 in the caller’s language to every other handler without a valid session, and writes nothing', async () => {
  const before = await rowCount();
  const params = {
    id: randomUUID(),
    wid: randomUUID(),
    cid: randomUUID(),
    vid: 'v_nobody',
    room: 'lobby',
    uid: 'nobody',
  };
  for (const route of routes) {
    for (const method of Object.keys(route.methods) as Method[]) {
      const name = `${method} ${route.path}`;
      if (PUBLIC.has(name)) continue;
      for (const [label, value] of cookies) {
        const headers: Record<string, string> = {
          origin: ORIGIN,
          'content-type': 'application/json',
          'accept-language': 'de',
        };
        if (value) headers.cookie = `${SESSION_COOKIE}=${value}`;
        const body =
          method === 'GET' || method === 'DELETE'
            ? undefined
            : JSON.stringify({ subject: 'x'.repeat(10), message: 'y'.repeat(20), rating: 5 });
        const response = await callRoute(
          route,
          method,
          new NextRequest(`${ORIGIN}${route.path}`, { method, headers, body }),
          params,
        );
        const text = await response.text();
        expect([name, label, response.status]).toEqual([name, label, 401]);
        expect(JSON.parse(text).error.code).toMatch(/^(unauthenticated|invalidToken)$/);
        expect(JSON.parse(text).error.message).toMatch(/[äöüÄÖÜß]|Sie/);
        expect([name, LEAK.test(text)]).toEqual([name, false]);
      }
    }
  }
  expect(await rowCount()).toBe(before);
});
