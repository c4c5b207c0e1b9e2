// Reports (issue 39 point 7): the figures of a small data set with known medians and 90th percentiles, overall and
// in business hours; days in the operator's time zone; per operator and widget; the drill-down behind a figure;
// translated 400s for a bad period or zone; the CSV export of 10,000 conversations read page by page, translated,
// in the operator's zone and safe from spreadsheet formulas.
import { sql } from 'drizzle-orm';
import { GET as report } from '@/app/api/workspaces/[wid]/reports/route';
import { GET as drillDown } from '@/app/api/workspaces/[wid]/reports/conversations/route';
import { GET as exportCsv } from '@/app/api/workspaces/[wid]/reports/conversations.csv/route';
import { database } from '@/lib/db';
import { conversationsCsv, CSV_COLUMNS, CSV_PAGE_SIZE } from '@/lib/reports/csv';
import type { Report, ReportConversationsPage } from '@/lib/reports/types';
import de from '@/messages/de.json';
import { apiRequest } from './signed-in';
import { ownWidget, type Owner } from './visitors';
import { seedConversation, seedMany } from './reports-seed';

jest.setTimeout(180_000);

const ctx = (wid: string) => ({ params: Promise.resolve({ wid }) });
const BERLIN = 'Europe/Berlin';
// Monday to Friday, 9 to 17 in Berlin (CET in January: UTC+1).
const HOURS = {
  timeZone: BERLIN,
  days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, { from: '09:00', to: '17:00' }])),
};

async function reportOf(owner: Owner, query: string, headers: Record<string, string> = {}) {
  const response = await report(
    apiRequest('GET', `/api/workspaces/${owner.workspaceId}/reports?${query}`, owner, undefined, headers),
    ctx(owner.workspaceId),
  );
  return { status: response.status, body: await response.json() };
}

async function drill(owner: Owner, query: string) {
  const response = await drillDown(
    apiRequest('GET', `/api/workspaces/${owner.workspaceId}/reports/conversations?${query}`, owner),
    ctx(owner.workspaceId),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as ReportConversationsPage;
}

describe('the reports of a small data set', () => {
  let ada: Owner;
  let widgetId: string;
  const ids: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };

  beforeAll(async () => {
    ({ owner: ada, widgetId } = await ownWidget());
    const db = await database();
    await db.execute(sql`update widgets set business_hours = ${JSON.stringify(HOURS)}::jsonb where id = ${widgetId}`);
    const place = { widgetId, workspaceId: ada.workspaceId };
    // A: Monday 08:30 Berlin, answered 09:30 (1 h; 30 min in business hours), closed 10:00 (1.5 h; 1 h).
    ids.a = await seedConversation({
      ...place,
      createdAt: '2026-01-05T07:30:00Z',
      replyAt: '2026-01-05T08:30:00Z',
      closedAt: '2026-01-05T09:00:00Z',
      assignee: ada.uid,
    });
    // B: Monday 10:00, answered 10:02 (2 min, all in business hours), open.
    ids.b = await seedConversation({
      ...place,
      createdAt: '2026-01-05T09:00:00Z',
      replyAt: '2026-01-05T09:02:00Z',
      assignee: ada.uid,
    });
    // C: Friday 16:00, answered Monday 09:10 (65 h 10 min; 1 h 10 min), closed Monday 10:00 (66 h; 2 h).
    ids.c = await seedConversation({
      ...place,
      createdAt: '2026-01-09T15:00:00Z',
      replyAt: '2026-01-12T08:10:00Z',
      closedAt: '2026-01-12T09:00:00Z',
    });
    // D: Tuesday 00:30 in Berlin, still Monday in UTC; never answered.
    ids.d = await seedConversation({ ...place, createdAt: '2026-01-05T23:30:00Z' });
  });

  it('answers medians and 90th percentiles, overall and in business hours (percentile_cont, interpolated)', async () => {
    const { status, body } = await reportOf(ada, `from=2026-01-05&to=2026-01-09&tz=${BERLIN}`);
    expect(status).toBe(200);
    const { totals } = body as Report;
    expect(totals).toEqual({
      started: 4,
      responded: 3,
      resolved: 2,
      // 120, 3,600 and 234,600 s; in business hours 120, 1,800 and 4,200 s.
      firstResponse: { median: 3600, p90: 188_400, businessHours: { median: 1800, p90: 3720 } },
      // 5,400 and 237,600 s; in business hours 3,600 and 7,200 s.
      resolution: { median: 121_500, p90: 214_380, businessHours: { median: 5400, p90: 6840 } },
    });
  });

  it('counts each day in the operator’s time zone, every day of the period included', async () => {
    const started = async (tz: string) =>
      ((await reportOf(ada, `from=2026-01-05&to=2026-01-09&tz=${tz}`)).body as Report).days.map((day) => [
        day.day,
        day.started,
      ]);
    expect(await started(BERLIN)).toEqual([
      ['2026-01-05', 2],
      ['2026-01-06', 1],
      ['2026-01-07', 0],
      ['2026-01-08', 0],
      ['2026-01-09', 1],
    ]);
    expect(await started('UTC')).toEqual([
      ['2026-01-05', 3],
      ['2026-01-06', 0],
      ['2026-01-07', 0],
      ['2026-01-08', 0],
      ['2026-01-09', 1],
    ]);
    // The period's edges are the zone's midnights: D (Tuesday 00:30 in Berlin) is outside a Berlin Monday.
    expect(((await reportOf(ada, `from=2026-01-05&to=2026-01-05&tz=${BERLIN}`)).body as Report).totals.started).toBe(2);
  });

  it('groups by operator (the assignee, unassigned apart) and by widget', async () => {
    const { body } = await reportOf(ada, `from=2026-01-05&to=2026-01-09&tz=${BERLIN}`);
    const { operators, widgets } = body as Report;
    expect(operators.map((row) => [row.uid, row.started, row.responded, row.firstResponse.median])).toEqual([
      [ada.uid, 2, 2, 1860],
      [null, 2, 1, 234_600],
    ]);
    expect(operators[0].name).toEqual(expect.any(String));
    expect(widgets).toEqual([expect.objectContaining({ id: widgetId, name: 'Help desk', started: 4 })]);
  });

  it('drills down to the conversations behind a figure', async () => {
    const period = `from=2026-01-05&to=2026-01-09&tz=${encodeURIComponent(BERLIN)}`;
    const idsOf = (page: ReportConversationsPage) => page.conversations.map((conversation) => conversation.id);
    expect(idsOf(await drill(ada, `${period}&metric=started&day=2026-01-05`))).toEqual([ids.b, ids.a]);
    expect(idsOf(await drill(ada, `${period}&metric=started&operator=none`))).toEqual([ids.c, ids.d]);
    expect(idsOf(await drill(ada, `${period}&metric=resolved`))).toEqual([ids.c, ids.a]);
    expect(idsOf(await drill(ada, `${period}&metric=responded&operator=${ada.uid}`))).toEqual([ids.b, ids.a]);
    const [a] = (await drill(ada, `${period}&metric=resolved&operator=${ada.uid}`)).conversations;
    expect(a).toMatchObject({ id: ids.a, status: 'closed', firstResponseSeconds: 3600, resolutionSeconds: 5400 });
  });

  it('refuses a period that ends before it starts, a year and more, or an unknown zone, in the caller’s language', async () => {
    const german = { 'accept-language': 'de' };
    const backwards = await reportOf(ada, 'from=2026-01-09&to=2026-01-05', german);
    expect([backwards.status, backwards.body.error.fields.to]).toEqual([400, de.Api.fields.period]);
    expect((await reportOf(ada, 'from=2025-01-01&to=2026-01-05')).status).toBe(400);
    const zone = await reportOf(ada, 'from=2026-01-05&to=2026-01-09&tz=Mars/Olympus', german);
    expect([zone.status, zone.body.error.fields.tz]).toEqual([400, de.Api.fields.timeZone]);
    expect((await reportOf(ada, 'to=2026-01-05')).status).toBe(400);
  });
});

it('counts no business seconds on a closed day, and only the open ones of a day that closes', async () => {
  const { owner, widgetId } = await ownWidget();
  const db = await database();
  await db.execute(sql`update widgets set business_hours = ${JSON.stringify(HOURS)}::jsonb where id = ${widgetId}`);
  const place = { widgetId, workspaceId: owner.workspaceId };
  // Saturday 10:00 in Berlin, answered 10:30; Monday 16:30, answered 17:30 (half an hour before closing).
  await seedConversation({ ...place, createdAt: '2026-01-10T09:00:00Z', replyAt: '2026-01-10T09:30:00Z' });
  await seedConversation({ ...place, createdAt: '2026-01-12T15:30:00Z', replyAt: '2026-01-12T16:30:00Z' });
  const { body } = await reportOf(owner, `from=2026-01-10&to=2026-01-12&tz=${BERLIN}`);
  expect((body as Report).totals.firstResponse).toEqual({
    median: 2700,
    p90: 3420,
    businessHours: { median: 900, p90: 1620 },
  });
});

describe('the CSV export', () => {
  let bea: Owner;
  const COUNT = 10_000;
  const NAMES = [
    'Anna Müller',
    '=HYPERLINK("http://evil.example","x")',
    '+49 30 1234',
    '-1',
    '@SUM(A1)',
    'Ben, "the" Tester',
  ];

  beforeAll(async () => {
    const made = await ownWidget();
    bea = made.owner;
    await seedMany({ widgetId: made.widgetId, workspaceId: bea.workspaceId }, COUNT, '2026-02-01T00:00:00Z', NAMES);
  });

  it('streams 10,000 conversations a page at a time: the next page is read only when the last one was taken', async () => {
    const pages: number[] = [];
    const header = Object.fromEntries(CSV_COLUMNS.map((column) => [column, column])) as Record<
      (typeof CSV_COLUMNS)[number],
      string
    >;
    const period = { from: '2026-02-01', to: '2026-02-28', tz: 'UTC' };
    const stream = await conversationsCsv(
      { uid: bea.uid, email: bea.email, displayName: null, admin: false },
      bea.workspaceId,
      period,
      header,
      (rows) => pages.push(rows),
    );
    const reader = stream.getReader();
    let chunks = 0;
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += new TextDecoder().decode(value);
      // The header, then one page per chunk: never more pages read than chunks taken.
      expect(pages.length).toBeLessThanOrEqual(chunks);
    }
    expect(pages).toEqual([...Array(COUNT / CSV_PAGE_SIZE).fill(CSV_PAGE_SIZE), 0]);
    expect(text.trimEnd().split('\r\n')).toHaveLength(COUNT + 1);
  });

  it('answers a translated header, times in the operator’s zone, one row per conversation and no formula', async () => {
    const response = await exportCsv(
      apiRequest(
        'GET',
        `/api/workspaces/${bea.workspaceId}/reports/conversations.csv?from=2026-02-01&to=2026-02-28&tz=${BERLIN}&locale=de`,
        bea,
      ),
      ctx(bea.workspaceId),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="conversations-2026-02-01-2026-02-28.csv"',
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(COUNT + 1);
    expect(lines[0]).toBe(CSV_COLUMNS.map((column) => de.Dashboard.reports.csv[column]).join(','));
    // The sixth conversation (Anna's) started 00:06 UTC, 01:06 in Berlin; answered after 2 minutes, closed after 10.
    const anna = lines[6].split(',');
    expect(anna.slice(1, 4)).toEqual(['2026-02-01 01:06:00', 'Help desk', 'Anna Müller']);
    const cell = (column: (typeof CSV_COLUMNS)[number]) => anna[CSV_COLUMNS.indexOf(column)];
    expect([cell('firstResponseSeconds'), cell('resolutionSeconds'), cell('closed')]).toEqual([
      '120',
      '600',
      '2026-02-01 01:16:00',
    ]);
    const visitors = lines.slice(1, 1 + NAMES.length).map((line) => line.split(',')[3]);
    expect(visitors).toEqual([
      `"'=HYPERLINK(""http://evil.example""`,
      "'+49 30 1234",
      "'-1",
      "'@SUM(A1)",
      '"Ben',
      'Anna Müller',
    ]);
    expect(lines.slice(1).every((line) => !/(^|,)[=+\-@]/.test(line))).toBe(true);
  });

  it('pages the drill-down by keyset: no conversation twice, none left out', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ReportConversationsPage = await drill(
        bea,
        `from=2026-02-01&to=2026-02-01&tz=UTC${cursor ? `&cursor=${cursor}` : ''}`,
      );
      for (const conversation of page.conversations) seen.add(conversation.id);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    // 2026-02-01 holds the conversations of minutes 1 to 1,439.
    expect([seen.size, pages]).toEqual([1439, Math.ceil(1439 / 50)]);
  });
});
