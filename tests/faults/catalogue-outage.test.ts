// The shop's prerendered pages while the database is away: a production instance talks to PostgreSQL
// through a forwarder that the test stops (connections dropped, new ones refused), hangs (as SIGSTOP:
// nothing answers) and restarts. Visitors get the last good render at every step, never an error page;
// once the database is back the pages follow the catalogue again by themselves; dashboard pages, the
// JSON API and the health check answer 503 with Retry-After meanwhile.
import { instanceBehindForwarder } from './behind-forwarder';
import { signInTo } from '../support/sign-in';
import { until } from '../support/sse';
import { offers, page, sitemapPaths } from '../support/pages';
import de from '@/messages/de.json';

jest.setTimeout(240_000);

// Every server of this build shares its page cache on disk, and a page is served from it once before it
// renders again: at the end, back to the seeded price, rendered so (the end-to-end tests start from it).
const setup = instanceBehindForwarder('catalogue outage', {
  tidyUp: async () => {
    await setServicePrice(14900);
    await until(() => servicePrice.landing('/'), '149.00', 20_000);
    await until(() => servicePrice.landing('/de'), '149.00', 20_000);
    await until(() => servicePrice.product(), '14900', 20_000);
  },
});

const visit = (path: string, headers?: Record<string, string>) => page(setup.app.origin, path, headers);
/** The setup service's price (a catalogue product; the plans' prices are code) as each kind of page shows it. */
const servicePrice = {
  landing: async (path: '/' | '/de') => offers((await visit(path)).body)['setup-service'],
  product: async () => /data-price-cents="(\d+)"/.exec((await visit('/shop/setup-service')).body)?.[1],
};
const setServicePrice = (cents: number) =>
  setup.database.sql(`update products set price_cents = $1 where slug = 'setup-service'`, [cents]);

/** Every catalogue page answers 200 with what it showed last (`/`: `landingPrice`), whatever the database does. */
async function expectLastGoodRenders(price: string, landingPrice = price) {
  for (const [path, shown] of [
    ['/', landingPrice],
    ['/de', price],
  ]) {
    const answer = await visit(path);
    expect(answer.status).toBe(200);
    expect(offers(answer.body)['setup-service']).toBe(shown);
  }
  const product = await visit('/shop/setup-service');
  expect(product.status).toBe(200);
  expect(product.body).toContain(`data-price-cents="${Math.round(Number(price) * 100)}"`);
  for (const [path, listed] of [
    ['/en-sitemap.xml', '/shop/setup-service'],
    ['/de-sitemap.xml', '/de/shop/setup-service'],
  ]) {
    const sitemap = await visit(path);
    expect(sitemap.status).toBe(200);
    expect(sitemapPaths(sitemap.body)).toContain(listed);
  }
}

it('serves the last good render of the landing pages, product pages and sitemaps while the database is stopped, hung or restarted, and follows the catalogue again once it is back', async () => {
  const me = await signInTo(setup.app.origin, 'catalogue-outage');
  const asMe = { cookie: me.cookie, 'accept-language': 'de' };
  // Rendered from the database once the start's revalidation marked them stale (the build's page
  // cache on disk may hold another run's catalogue until then), then served from the cache.
  await until(() => servicePrice.landing('/'), '149.00', 20_000);
  await until(() => servicePrice.landing('/de'), '149.00', 20_000);
  await until(() => servicePrice.product(), '14900', 20_000);
  await expectLastGoodRenders('149.00');

  // A price change reaches `/` (the revalidation marked every catalogue page stale); the database
  // stops before the other pages were asked for again. They used to render in the visitor's request
  // then, and answer 500.
  await setServicePrice(15100);
  await until(() => servicePrice.landing('/'), '151.00', 15_000);
  await setup.forwarder.cut();
  await expectLastGoodRenders('149.00', '151.00');
  await expectLastGoodRenders('149.00', '151.00');

  // Meanwhile: the translated 503 with Retry-After for a dashboard page and the JSON API.
  const dashboard = await visit('/de/dashboard', asMe);
  expect(dashboard.status).toBe(503);
  expect(dashboard.headers.get('retry-after')).toBe('10');
  expect(dashboard.body).toContain(de.Errors.unavailable.title);
  const api = await visit('/api/tickets', asMe);
  expect(api.status).toBe(503);
  expect(api.headers.get('retry-after')).toBe('10');
  expect(JSON.parse(api.body).error).toEqual({ code: 'unavailable', message: de.Api.errors.unavailable });
  const health = await visit('/api/health');
  expect(health.status).toBe(503);
  expect(health.headers.get('retry-after')).toBe('10');

  // Restarted: every page follows the catalogue again by itself.
  await setup.forwarder.restore();
  await until(() => servicePrice.landing('/de'), '151.00', 20_000);
  await until(() => servicePrice.product(), '15100', 20_000);
  await until(async () => (await visit('/de/dashboard', asMe)).status, 200, 20_000);

  // Hung (the server stopped with SIGSTOP): connections open, nothing answers. Pages marked stale by
  // a change just before answer at once with their last render (a visitor used to wait 15 s for a 500).
  await setServicePrice(15300);
  await until(() => servicePrice.landing('/'), '153.00', 15_000);
  setup.forwarder.hang();
  for (const path of ['/de', '/shop/setup-service', '/en-sitemap.xml', '/de-sitemap.xml']) {
    const answer = await visit(path);
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(5_000);
  }
  expect(await servicePrice.landing('/de')).toBe('151.00');

  // Running again: the pages catch up by themselves.
  setup.forwarder.resume();
  await until(() => servicePrice.landing('/de'), '153.00', 30_000);
  await until(() => servicePrice.product(), '15300', 30_000);

  // What the failed renders logged: one line each, no stack trace.
  const output = setup.app.output();
  expect(output).toContain('DatabaseUnavailable: catalogue: database unavailable (select products failed:');
  expect(output).not.toMatch(/^\s+at /m);
});
