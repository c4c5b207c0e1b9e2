// The visitor's context (issue 39, point 8): the pages the widget's loader reports, the referrer, the browser and
// OS parsed from the User-Agent and the time zone, stored only once the visitor has written, bounded per visitor,
// and read by the members of the visitor's workspace only.
import { sql } from 'drizzle-orm';
import { POST as reportPage } from '@/app/api/widgets/[id]/visitors/pages/route';
import { GET as readContext } from '@/app/api/workspaces/[wid]/visitors/[vid]/route';
import { database } from '@/lib/db';
import { PAGE_REPORTS_PER_WINDOW, parseUserAgent } from '@/lib/conversations/visitor/pages';
import { inboxPage } from './inbox';
import type { Client } from './members';
import { apiRequest } from './signed-in';
import { converse, newVisitor, visitorRequest, type Visitor } from './visitors';
import { eraseVisitor, errorOf, exportVisitor, privacyTeam, widgetCtx } from './visitor-admin';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let owner: Client;
let agent: Client;
let stranger: Client;
let widgetId: string;

beforeAll(async () => {
  ({ owner, agent, stranger, widgetId } = await privacyTeam());
});

function report(visitor: Visitor, body: unknown, headers: Record<string, string> = {}) {
  return reportPage(
    visitorRequest('POST', `/api/widgets/${widgetId}/visitors/pages`, visitor.token, body, {
      'user-agent': CHROME_ON_WINDOWS,
      ...headers,
    }),
    widgetCtx(widgetId),
  );
}

const context = (who: Client, vid: string, wid = owner.workspaceId) =>
  readContext(apiRequest('GET', `/api/workspaces/${wid}/visitors/${vid}`, who), {
    params: Promise.resolve({ wid, vid }),
  });

async function rowsOf(visitorId: string) {
  const db = await database();
  const { rows } = (await db.execute(sql`select
    (select count(*) from visitor_pages where visitor_id = ${visitorId})::int as pages,
    (select count(*) from rate_limits where key like ${`visitor:${visitorId}%`})::int as counters,
    (select concat(browser, os, referrer, time_zone, page_at) from visitors where id = ${visitorId}) as context`)) as {
    rows: Array<{ pages: number; counters: number; context: string }>;
  };
  return rows[0];
}

it('stores nothing of a visitor who has not written, then their pages, browser, OS, referrer and time zone', async () => {
  const visitor = await newVisitor(widgetId);
  const before = await report(visitor, {
    url: 'https://shop.example.com/pricing',
    title: 'Pricing',
    referrer: 'https://www.google.com/',
    timeZone: 'Europe/Berlin',
  });
  expect(before.status).toBe(200);
  expect(await before.json()).toEqual({ stored: false });
  expect(await rowsOf(visitor.visitorId)).toEqual({ pages: 0, counters: 0, context: '' });

  await converse(widgetId, visitor, 'Do you ship to Austria?');
  const after = await report(visitor, {
    url: 'https://shop.example.com/pricing',
    title: 'Pricing',
    referrer: 'https://www.google.com/',
    timeZone: 'Europe/Berlin',
  });
  expect(await after.json()).toEqual({ stored: true });
  const [entry] = (await (await inboxPage(owner)).json()).conversations;
  expect(entry.visitor).toMatchObject({
    id: visitor.visitorId,
    browser: 'Chrome 120',
    os: 'Windows 10',
    referrer: 'https://www.google.com/',
    timeZone: 'Europe/Berlin',
    pageAt: expect.any(String),
  });

  // Another device's browser replaces the old one; the site's own page as referrer and an unknown zone change nothing.
  await report(
    visitor,
    { url: 'https://shop.example.com/cart', referrer: 'https://shop.example.com/pricing', timeZone: 'Mars/Olympus' },
    { 'user-agent': SAFARI_ON_IPHONE },
  );
  const [again] = (await (await inboxPage(owner)).json()).conversations;
  expect(again.visitor).toMatchObject({
    browser: 'Mobile Safari 17',
    os: 'iOS 17.4',
    referrer: 'https://www.google.com/',
    timeZone: 'Europe/Berlin',
  });
  // A report without a User-Agent keeps the browser and system known.
  await report(visitor, { url: 'https://shop.example.com/cart' }, { 'user-agent': '' });
  const [same] = (await (await inboxPage(owner)).json()).conversations;
  expect(same.visitor).toMatchObject({ browser: 'Mobile Safari 17', os: 'iOS 17.4' });
});

it('lists the pages newest first, once per address however often a reload repeats the report', async () => {
  const visitor = await newVisitor(widgetId);
  const { conversation } = await converse(widgetId, visitor, 'Hello');
  for (const [url, title] of [
    ['https://shop.example.com/', 'Home'],
    ['https://shop.example.com/pricing', 'Pricing'],
    ['https://shop.example.com/pricing', 'Pricing'],
    ['https://shop.example.com/docs#install', 'Install'],
    ['https://shop.example.com/', 'Home'],
  ])
    expect((await report(visitor, { url, title })).status).toBe(200);
  const response = await context(agent, visitor.visitorId);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toContain('no-store');
  const body = await response.json();
  expect(body.pages.map((page: { url: string; title: string }) => [page.url, page.title])).toEqual([
    ['https://shop.example.com/', 'Home'],
    ['https://shop.example.com/docs#install', 'Install'],
    ['https://shop.example.com/pricing', 'Pricing'],
  ]);
  expect(body.conversations).toEqual([
    expect.objectContaining({ id: conversation.id, status: 'open', lastMessagePreview: 'Hello', widget: 'Help desk' }),
  ]);
});

it('keeps the newest 50 pages of a visitor', async () => {
  const visitor = await newVisitor(widgetId);
  await converse(widgetId, visitor, 'Browsing a lot');
  for (let i = 1; i <= 55; i++) await report(visitor, { url: `https://shop.example.com/products/${i}` });
  expect((await rowsOf(visitor.visitorId)).pages).toBe(50);
  const { pages } = await (await context(owner, visitor.visitorId)).json();
  expect(pages).toHaveLength(50);
  expect(pages[0].url).toBe('https://shop.example.com/products/55');
  expect(pages[49].url).toBe('https://shop.example.com/products/6');
});

it('refuses an address that is no web page with a translated 400, and a missing token with a 401', async () => {
  const visitor = await newVisitor(widgetId);
  await converse(widgetId, visitor, 'Hello');
  for (const body of [
    { url: 'javascript:alert(1)' },
    { url: 'ftp://shop.example.com/file' },
    { url: `https://shop.example.com/${'x'.repeat(2000)}` },
    { title: 'No address' },
  ]) {
    const refused = await report(visitor, body, { 'accept-language': 'de' });
    expect(refused.status).toBe(400);
    const { error } = await refused.json();
    expect(error.code).toBe('invalidBody');
    expect(error.message).toBe('Einige Felder der Anfrage fehlen oder sind ungültig.');
  }
  expect((await rowsOf(visitor.visitorId)).pages).toBe(0);
  const anonymous = await reportPage(
    visitorRequest('POST', `/api/widgets/${widgetId}/visitors/pages`, null, { url: 'https://shop.example.com/' }),
    widgetCtx(widgetId),
  );
  expect(anonymous.status).toBe(401);
});

it('limits the reports of one visitor', async () => {
  const visitor = await newVisitor(widgetId);
  await converse(widgetId, visitor, 'Hello');
  const db = await database();
  await db.execute(sql`insert into rate_limits (bucket, key, hits, resets_at)
    values ('visitor-pages', ${`visitor:${visitor.visitorId}`}, ${PAGE_REPORTS_PER_WINDOW}, now() + interval '5 minutes')`);
  const refused = await report(visitor, { url: 'https://shop.example.com/' });
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBeTruthy();
  expect((await rowsOf(visitor.visitorId)).pages).toBe(0);
});

it("shows a visitor's context to their workspace's members only, exports it, and erases it with them", async () => {
  const visitor = await newVisitor(widgetId);
  await converse(widgetId, visitor, 'Hello');
  await report(visitor, { url: 'https://shop.example.com/checkout', title: 'Checkout', timeZone: 'Asia/Tokyo' });

  expect(await errorOf(await context(stranger, visitor.visitorId))).toEqual([404, 'notFound']);
  expect(await errorOf(await context(stranger, visitor.visitorId, stranger.workspaceId))).toEqual([404, 'notFound']);
  expect(await errorOf(await context(owner, 'no-such-visitor'))).toEqual([404, 'notFound']);
  const signedOut = await readContext(
    apiRequest('GET', `/api/workspaces/${owner.workspaceId}/visitors/${visitor.visitorId}`, null),
    { params: Promise.resolve({ wid: owner.workspaceId, vid: visitor.visitorId }) },
  );
  expect(signedOut.status).toBe(401);

  const exported = await (await exportVisitor(owner, owner.workspaceId, visitor.visitorId)).json();
  expect(exported.visitor).toMatchObject({ browser: 'Chrome 120', os: 'Windows 10', timeZone: 'Asia/Tokyo' });
  expect(exported.pages).toEqual([
    { url: 'https://shop.example.com/checkout', title: 'Checkout', at: expect.any(String) },
  ]);

  expect((await eraseVisitor(owner, owner.workspaceId, visitor.visitorId)).status).toBe(200);
  expect(await rowsOf(visitor.visitorId)).toEqual({ pages: 0, counters: 0, context: null });
});

it("names a Mac's system as Apple does (macOS), not as the MIT ua-parser-js 1.0 does", () => {
  const chromeOnMac =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  expect(parseUserAgent(chromeOnMac)).toEqual({ browser: 'Chrome 131', os: 'macOS 10.15.7' });
  expect(parseUserAgent(SAFARI_ON_IPHONE)).toEqual({ browser: 'Mobile Safari 17', os: 'iOS 17.4' });
});
