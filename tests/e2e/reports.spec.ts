// The reports page (issue 39 point 7), in both languages: two visitors write today, the owner answers one; the
// page (from the navigation) draws the days with Chart.js and its table beside says the same numbers; a figure
// opens the conversations behind it; the CSV export speaks the page's language; axe is clean on both pages.
import { axeViolations, expect, localized, messages, test, type Locale } from './fixtures';
import { signIn } from './auth';
import { createWidget, personalInbox } from './host-site';
import { baseURL } from '../../playwright.config';

for (const locale of ['en', 'de'] as Locale[]) {
  const m = messages[locale];
  const reports = m.Dashboard.reports;

  test(`the reports' chart and its table agree, and a figure opens its conversations (${locale})`, async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, undefined, locale);
    const widgetId = await createWidget(page, { allowedOrigins: [], locale });
    const visitorApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    const ids: string[] = [];
    try {
      for (const name of ['Greta Bericht', 'Hugo Bericht']) {
        const { token } = await (await visitorApi.post(`/api/widgets/${widgetId}/visitors`, { data: {} })).json();
        const started = await visitorApi.post(`/api/widgets/${widgetId}/conversations`, {
          data: { text: `Frage von ${name}`, name },
          headers: { authorization: `Bearer ${token}` },
        });
        expect(started.status()).toBe(201);
        ids.push((await started.json()).conversation.id);
      }
    } finally {
      await visitorApi.dispose();
    }
    const inbox = await personalInbox(page);
    const answer = await page.request.post(`${inbox}/${ids[0]}/messages`, {
      data: { text: 'Gern!' },
      headers: { origin: baseURL },
    });
    expect(answer.status()).toBe(201);

    await page.goto(localized('/dashboard', locale));
    await page
      .getByRole('navigation', { name: m.Dashboard.navLabel })
      .getByRole('link', { name: m.Dashboard.nav.reports })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(reports.title);
    const days = page.getByRole('region', { name: reports.days.title });
    const table = days.getByRole('table', { name: reports.days.table });
    // Today is the last day of the default period (30 days): two started, one answered.
    const today = table.getByRole('row').last();
    await expect(today.getByRole('cell').nth(0)).toHaveText('2');
    await expect(today.getByRole('cell').nth(1)).toHaveText('1');
    const chart = days.getByRole('img', { name: new RegExp(reports.days.started) });
    await expect(chart).toHaveAttribute('data-values', /.+/);
    const drawn = JSON.parse((await chart.getAttribute('data-values'))!) as number[][];
    const tabled = (
      await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelector('td')!.textContent))
    ).map(Number);
    expect(drawn).toEqual([tabled]);
    expect(tabled).toHaveLength(30);
    expect(JSON.parse((await chart.getAttribute('data-labels'))!)).toHaveLength(30);
    expect(await axeViolations(page)).toEqual([]);

    // The CSV in the page's language: its header and one row per conversation.
    const csvHref = await page.getByRole('link', { name: reports.export }).getAttribute('href');
    const csv = await page.request.get(csvHref!);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect([lines[0].split(',')[0], lines.length]).toEqual([reports.csv.conversation, 3]);

    // The "answered" figure of today opens that one conversation, which opens in the inbox.
    await today.getByRole('link', { name: '1', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(reports.drill.title);
    const rows = page.getByRole('table', { name: reports.drill.title }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Greta Bericht');
    expect(await axeViolations(page)).toEqual([]);
    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`conversation=${ids[0]}`));
  });
}
