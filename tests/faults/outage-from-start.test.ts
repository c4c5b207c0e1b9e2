// A production instance that starts while its database is gone (the forwarder in front of it cut before
// the start), then sees it come back and go again. The storefront is served from the build's renders in
// both languages, with a short lifetime for caches in front; what needs the database and has no render
// (an unknown product, the local mailbox, the widget page, cold or warm) is the translated 503 with
// Retry-After; and the first requests after the database is back are served, one at a time or five at once.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { instanceBehindForwarder } from './behind-forwarder';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.cjs';
import { signInTo } from '../support/sign-in';
import { until } from '../support/sse';
import { offers, page, sitemapPaths, type Page } from '../support/pages';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

jest.setTimeout(180_000);

const setup = instanceBehindForwarder('outage from the start', { startsAs: 'cut' });

const visit = (path: string, headers: Record<string, string> = {}) =>
  page(setup.app.origin, path, { 'accept-language': 'en', ...headers });
const langOf = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];

/** A page's 503: Retry-After, nothing a cache keeps, the title in `language`. */
function expectUnavailable(answer: Page, title: string) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('10');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.body).toContain(`<title>${title}</title>`);
}

/** The widget page's 503, in `messages`' language, framable by the customer's page it sits in. */
function expectWidgetUnavailable(answer: Page, messages: typeof en) {
  expectUnavailable(answer, messages.Errors.widgetUnavailable.title);
  expect(answer.body).toContain(messages.Errors.widgetUnavailable.message);
  const policy = answer.headers.get('content-security-policy')!;
  expect(policy).toContain('frame-ancestors *');
  expect(policy).toMatch(/script-src 'sha256-[^' ]+';/);
}

/** A customer's site on a free loopback port, whose page frames the address its query names. */
async function customerSite() {
  const server = createServer((request, response) => {
    const query = new URL(request.url!, 'http://localhost').searchParams;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="de"><head><title>Kunde</title></head><body><main><h1>Kunde</h1>` +
        `<iframe title="Chat" width="${Number(query.get('width'))}" height="${Number(query.get('height'))}" ` +
        `src="${encodeURI(query.get('frame')!)}"></iframe></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('while the database is gone from the start', () => {
  it('serves the landing, product and legal pages from the build’s renders, in English and German, kept briefly by caches', async () => {
    for (const [path, language] of [
      ['/', 'en'],
      ['/de', 'de'],
      ['/shop/setup-service', 'en'],
      ['/de/shop/setup-service', 'de'],
      ['/imprint', 'en'],
      ['/de/sample', 'de'],
    ]) {
      const answer = await visit(path);
      expect([path, answer.status, langOf(answer.body)]).toEqual([path, 200, language]);
      // `/` depends on the visitor's language (`private`); the others tell a CDN to ask again shortly.
      if (path !== '/') expect(answer.headers.get('cache-control')).toMatch(/^s-maxage=10\b/);
    }
    expect(offers((await visit('/')).body)['setup-service']).toBe('149.00');
    expect(offers((await visit('/de')).body)['setup-service']).toBe('149.00');
    expect((await visit('/de/shop/setup-service')).body).toContain('data-price-cents="14900"');
  });

  it('serves the four sitemaps from the build’s renders', async () => {
    for (const path of ['/sitemap.xml', '/index-sitemap.xml']) {
      const answer = await visit(path);
      expect([path, answer.status]).toEqual([path, 200]);
      expect(sitemapPaths(answer.body)).toEqual(['/en-sitemap.xml', '/de-sitemap.xml']);
    }
    for (const [path, product] of [
      ['/en-sitemap.xml', '/shop/setup-service'],
      ['/de-sitemap.xml', '/de/shop/setup-service'],
    ]) {
      const answer = await visit(path);
      expect([path, answer.status]).toEqual([path, 200]);
      expect(answer.headers.get('content-type')).toContain('application/xml');
      expect(sitemapPaths(answer.body)).toContain(product);
      expect(answer.headers.get('cache-control')).toMatch(/^s-maxage=10\b/);
    }
  });

  it('answers what has no render with the translated 503: an unknown product, the mailbox, the checkout and its receipt', async () => {
    // A slug no earlier run asked for: the build's prerender cache keeps the 404 of one that was asked for
    // (launchers and e2e run on the same build), and serves that stored render while the database is away.
    const unknown = `nope-${randomBytes(6).toString('hex')}`;
    expectUnavailable(await visit(`/shop/${unknown}`), en.Errors.unavailable.title);
    expectUnavailable(await visit(`/de/shop/${unknown}`), de.Errors.unavailable.title);
    expectUnavailable(await visit('/mailbox'), en.Errors.unavailable.title);
    expectUnavailable(await visit('/de/mailbox'), de.Errors.unavailable.title);
    expectUnavailable(await visit(`/shop/checkout/cs_local_${'0'.repeat(32)}`), en.Errors.unavailable.title);
    expectUnavailable(
      await visit('/de/shop/success?order=00000000-0000-4000-8000-000000000000'),
      de.Errors.unavailable.title,
    );
  });

  it('answers the widget page with its 503, in the host page’s language or else the browser’s', async () => {
    expectWidgetUnavailable(await visit('/embed/plauder-support?lang=de'), de);
    expectWidgetUnavailable(await visit('/embed/plauder-support', { 'accept-language': 'de-DE' }), de);
    expectWidgetUnavailable(await visit('/embed/plauder-support?mode=inline'), en);
    // The launcher, which a new visitor's frame holds first, answers the same.
    expectWidgetUnavailable(await visit('/embed/plauder-support/launcher?lang=de'), de);
  });

  it('shows a customer’s visitors the notice inside the widget’s frame, open or closed, with nothing axe finds', async () => {
    const customer = await customerSite();
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    try {
      const page = await (await browser.newContext({ locale: 'de-DE' })).newPage();
      // A customer's page on another loopback port framing the widget at the open panel's and the closed
      // launcher's size.
      for (const [width, height] of [
        [400, 600],
        [64, 64],
      ]) {
        await page.goto(
          `${customer.origin}/?` +
            new URLSearchParams({
              frame: `${setup.app.origin}/embed/plauder-support?lang=de`,
              width: String(width),
              height: String(height),
            }),
        );
        const frame = await (await page.waitForSelector('iframe')).contentFrame();
        await frame!.waitForSelector('[role=status]', { state: 'attached' });
        expect(await frame!.getByRole('status').textContent()).toContain(de.Errors.widgetUnavailable.message);
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .analyze();
        expect([width, violations.map((violation) => violation.id)]).toEqual([width, []]);
      }
    } finally {
      await browser.close();
      await customer.close();
    }
  });
});

describe('once the database is back, and while it goes again', () => {
  let cookie: string;
  let widgetId: string;
  const dashboard = () => visit('/de/dashboard', { cookie });
  const widgetPage = () => visit(`/embed/${widgetId}?lang=de`);

  it('renders the pages for this server once the database is back, and serves its dashboard and widget page', async () => {
    await setup.forwarder.restore();
    // The database is opened (migrated and seeded) on the way: the pages name this server from then on.
    const canonical = `<link rel="canonical" href="http://localhost:${new URL(setup.app.origin).port}/de"/>`;
    await until(async () => (await visit('/de')).body.includes(canonical), true, 20_000);

    ({ cookie } = await signInTo(setup.app.origin, 'outage-from-start'));
    expect((await dashboard()).status).toBe(200);
    const created = await fetch(`${setup.app.origin}/api/widgets`, {
      method: 'POST',
      headers: { origin: setup.app.origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Outage', allowedOrigins: [], accentColor: '#4338ca', locale: 'en' }),
    });
    expect(created.status).toBe(201);
    widgetId = ((await created.json()) as { widget: { id: string } }).widget.id;
    expect((await widgetPage()).status).toBe(200);
  });

  it('answers the widget page it served a moment ago with its 503 while the database is gone again, the storefront as before', async () => {
    await setup.forwarder.cut();
    expectWidgetUnavailable(await widgetPage(), de);
    expectUnavailable(await dashboard(), de.Errors.unavailable.title);
    const landing = await visit('/de');
    expect(landing.status).toBe(200);
    expect(landing.headers.get('cache-control')).toMatch(/^s-maxage=10\b/);
  });

  it('serves the first dashboard load after the database is back, and five at once', async () => {
    expectUnavailable(await dashboard(), de.Errors.unavailable.title);
    await setup.forwarder.restore();
    expect((await dashboard()).status).toBe(200);

    await setup.forwarder.cut();
    expectWidgetUnavailable(await widgetPage(), de);
    const down = await Promise.all(Array.from({ length: 5 }, dashboard));
    expect(down.map((answer) => answer.status)).toEqual([503, 503, 503, 503, 503]);
    await setup.forwarder.restore();
    const back = await Promise.all(Array.from({ length: 5 }, dashboard));
    expect(back.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await widgetPage()).status).toBe(200);
  });

  it('sends a page that fails to render for the database (the mailbox, rendered while it seemed there) to the translated 503', async () => {
    expect((await visit('/de/mailbox')).status).toBe(200);
    await setup.forwarder.cut();
    expectUnavailable(await visit('/de/mailbox'), de.Errors.unavailable.title);
    await setup.forwarder.restore();
    await until(async () => (await visit('/de/mailbox')).status, 200, 20_000);
  });
});
