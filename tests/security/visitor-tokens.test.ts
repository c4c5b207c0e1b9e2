// A widget's visitor is who their token says: every handler a visitor calls (found on disk) answers 401
// in the caller's language to a missing, malformed, tampered, foreign-widget, expired or otherwise signed
// token, before reading or writing anything, and the widget then starts a new visitor. The session
// cookie of a signed-in user is no substitute.
import { createHmac, randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { issueVisitorToken, VISITOR_TOKEN_TTL_MS } from '@/lib/conversations/visitor/token';
import { ORIGIN, signedIn } from '../integration/signed-in';
import { converse, newVisitor, ownWidget } from '../integration/visitors';
import { callRoute, LEAK, loadRoutes, VISITOR_HANDLERS, type Method, type Route } from './routes';

jest.setTimeout(60_000);

let routes: Route[];
let tokens: Array<[string, string | null]>;
let params: Record<string, string>;
let cookie: string;

beforeAll(async () => {
  routes = await loadRoutes(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  const { widgetId } = await ownWidget();
  const other = await ownWidget();
  const visitor = await newVisitor(widgetId);
  const { conversation } = await converse(widgetId, visitor, 'A conversation the suite needs');
  params = { id: widgetId, cid: conversation.id };
  cookie = (await signedIn('visitor-tokens')).cookie;
  const [version, payload, mac] = visitor.token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const forge = (changed: object) => Buffer.from(JSON.stringify({ ...claims, ...changed })).toString('base64url');
  tokens = [
    ['no token', null],
    ['not a token', 'hello'],
    ['a tampered visitor id (old signature)', `${version}.${forge({ v: 'someone-else' })}.${mac}`],
    ['a tampered signature', `${version}.${payload}.${mac.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`],
    ['a token of another widget', (await newVisitor(other.widgetId)).token],
    [
      'an expired token',
      issueVisitorToken({ widgetId, visitorId: visitor.visitorId }, Date.now() - VISITOR_TOKEN_TTL_MS - 1000),
    ],
    [
      'a token signed with another key',
      `${version}.${payload}.${createHmac('sha256', 'another key').update(`${version}.${payload}`).digest('base64url')}`,
    ],
    ['a token of a visitor that does not exist', issueVisitorToken({ widgetId, visitorId: randomUUID() })],
  ];
});

async function counts() {
  const db = await database();
  const { rows } = (await db.execute(
    sql.raw(
      'select (select count(*) from conversations) + (select count(*) from conversation_messages) + (select count(*) from mails) as n',
    ),
  )) as unknown as {
    rows: { n: string | number }[];
  };
  return Number(rows[0].n);
}

it('finds every visitor handler on disk', () => {
  const all = routes.flatMap((route) => Object.keys(route.methods).map((method) => `${method} ${route.path}`));
  expect(all).toEqual(expect.arrayContaining(VISITOR_HANDLERS));
  // Every handler under a widget's path but the owner's own is one of them.
  const underWidget = all.filter((name) => /\/api\/widgets\/\[id\]\/.+/.test(name) && !name.endsWith('/secret'));
  expect(underWidget.sort()).toEqual([...VISITOR_HANDLERS].sort());
});

it('answers 401 in the caller’s language to every bad token, and writes nothing', async () => {
  const before = await counts();
  for (const name of VISITOR_HANDLERS) {
    const [method, path] = name.split(' ') as [Method, string];
    const route = routes.find((r) => r.path === path)!;
    for (const [label, token] of tokens) {
      // Starting a visitor without a token is what a new visitor does; with a bad one it is refused.
      if (name === 'POST /api/widgets/[id]/visitors' && token === null) continue;
      const headers: Record<string, string> = {
        origin: ORIGIN,
        'content-type': 'application/json',
        'accept-language': 'de',
        cookie,
        'x-forwarded-for': '192.0.2.66',
      };
      if (token) headers.authorization = `Bearer ${token}`;
      const body =
        method === 'GET'
          ? undefined
          : JSON.stringify({ text: 'Injected', typing: true, readUpTo: 1, email: 'x@example.com', name: 'X' });
      const response = await callRoute(
        route,
        method,
        new NextRequest(`${ORIGIN}${path}`, { method, headers, body }),
        params,
      );
      const text = await response.text();
      expect([name, label, response.status]).toEqual([name, label, 401]);
      expect(JSON.parse(text).error).toMatchObject({
        code: 'invalidVisitorToken',
        message: expect.stringMatching(/Sitzung.*gültig/),
      });
      expect([name, LEAK.test(text)]).toEqual([name, false]);
    }
  }
  expect(await counts()).toBe(before);
});
