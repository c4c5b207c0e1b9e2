// The shop's prerendered pages follow the catalogue in the database: two production instances on one
// PostgreSQL serve the landing page, the product pages and the sitemaps from their cache, and a change
// made straight in the database (as an operator would) reaches both without a restart or a new build.
import { until } from '../support/sse';
import { instances, type Server } from './instances';
import { ownDatabase } from '../support/pg';
import { offers, page as visit, sitemapPaths as sitemapLocs, type Page } from '../support/pages';

jest.setTimeout(120_000);

const servers = instances();
// A database of its own: the other tests on this cluster expect the seeded catalogue.
let database: Awaited<ReturnType<typeof ownDatabase>>;

beforeAll(async () => {
  database = await ownDatabase('catalogue');
});

afterAll(async () => {
  if (servers.all.length > 0) await restoreSeededCatalogue();
  await servers.stopAll();
  await database?.drop();
});

const instance = (label: string) => servers.start(label, { databaseUrl: database.url });
/** A statement in the test's own database, as an operator would run it. */
const operator = (text: string) => database.sql(text);

const page = (server: Server, path: string) => visit(server.origin, path);
/** Asks for `path` until its answer passes `check`; answers the next one. */
const settled = async (server: Server, path: string, check: (answer: Page) => boolean) => {
  await until(async () => check(await page(server, path)), true, 10_000);
  return page(server, path);
};

/**
 * Every server of this build shares its page cache on disk, and a page is served from it once before it
 * renders again: back to the seeded catalogue, rendered so (the end-to-end tests start from it).
 */
async function restoreSeededCatalogue() {
  await operator(
    `update products set price_cents = 14900 where slug = 'setup-service';
     update products set active = true where slug = 'business';
     delete from products where slug = 'enterprise'`,
  );
  const seededLanding = (answer: Page) =>
    offers(answer.body)['setup-service'] === '149.00' && answer.body.includes('id="plan-business"');
  const seededSitemap = (answer: Page) => answer.body.includes('/shop/business') && !answer.body.includes('enterprise');
  for (const server of servers.all) {
    await settled(server, '/', seededLanding);
    await settled(server, '/de', seededLanding);
    await settled(server, '/shop/setup-service', (answer) => answer.body.includes('data-price-cents="14900"'));
    await settled(server, '/shop/business', (answer) => answer.status === 200);
    await settled(server, '/de/shop/enterprise', (answer) => answer.status === 404);
    await settled(server, '/en-sitemap.xml', seededSitemap);
    await settled(server, '/de-sitemap.xml', seededSitemap);
  }
}

it('revalidates the landing page, the product pages and the sitemaps of every instance when the catalogue changes', async () => {
  const [a, b] = await Promise.all([instance('catalogue A'), instance('catalogue B')]);

  // Served from the cache: the seeded catalogue, with a JSON-LD offer per product. (Waited for: the
  // build's page cache on disk may hold an earlier run's catalogue until the start's revalidation.)
  const seeded = async (server: Server) => {
    const landing = await page(server, '/');
    return landing.cache === 'HIT' && offers(landing.body)['setup-service'] === '149.00';
  };
  for (const server of [a, b]) {
    await until(() => seeded(server), true, 10_000);
    const seededBody = (await page(server, '/')).body;
    expect(offers(seededBody)).toMatchObject({ 'setup-service': '149.00' });
    expect(seededBody).toContain('id="plan-professional"');
    expect((await page(server, '/de/shop/setup-service')).status).toBe(200);
  }

  // An operator changes a price, withdraws a product and adds one, straight in the database, in one
  // transaction (one simple query): its notifications arrive together at commit, so each instance
  // revalidates once. (As three transactions on a slow host they could fall into two debounce windows,
  // and the second revalidation made the page a MISS right after the first had served the new price.)
  await operator(
    `update products set price_cents = 15100 where slug = 'setup-service';
     update products set active = false where slug = 'business';
     insert into products (slug, name, description, features, price_cents, currency, active, position)
     values ('enterprise', '{"en":"Enterprise","de":"Enterprise"}', '{"en":"For large teams.","de":"Für große Teams."}',
             '{"en":["200 chat widgets"],"de":["200 Chat-Widgets"]}', 49900, 'EUR', true, 10)`,
  );

  // Each page is served stale once more (the visitor who asks first gets the last render while it
  // renders again), then the new catalogue.
  for (const server of [a, b]) {
    await settled(server, '/', (answer) => offers(answer.body)['setup-service'] === '151.00');
    // Static again after the change (served stale meanwhile if another revalidation came in between,
    // as a listener that reconnects on a busy host sends one).
    await until(async () => (await page(server, '/')).cache, 'HIT', 10_000);
    const changed = (await settled(server, '/de', (answer) => offers(answer.body)['setup-service'] === '151.00')).body;
    expect(offers(changed)).toMatchObject({ 'setup-service': '151.00', enterprise: '499.00' });
    // A withdrawn plan product takes its plan off the page.
    expect(changed).not.toContain('id="plan-business"');

    const product = await settled(server, '/de/shop/enterprise', (answer) => answer.status === 200);
    expect(product.status).toBe(200);
    expect(product.body).toContain('Für große Teams.');
    expect(product.body).toContain('499,00');
    expect((await settled(server, '/shop/business', (answer) => answer.status === 404)).status).toBe(404);
    await settled(server, '/shop/setup-service', (answer) => answer.body.includes('data-price-cents="15100"'));

    const sitemap = sitemapLocs(
      (await settled(server, '/en-sitemap.xml', (answer) => answer.body.includes('/shop/enterprise'))).body,
    );
    expect(sitemap).toContain('/shop/enterprise');
    expect(sitemap).not.toContain('/shop/business');
    expect(
      sitemapLocs(
        (await settled(server, '/de-sitemap.xml', (answer) => answer.body.includes('/de/shop/enterprise'))).body,
      ),
    ).toContain('/de/shop/enterprise');
  }
});

/** How often the head of `html` holds each tag a crawler reads once. */
const headTags = (html: string) => {
  const head = html.slice(0, html.indexOf('</head>'));
  const count = (pattern: RegExp) => head.match(pattern)?.length ?? 0;
  return {
    title: count(/<title>/g),
    description: count(/<meta name="description"/g),
    robots: count(/<meta name="robots"/g),
  };
};

it('renders a product 404 again after a catalogue change with its head tags once (one title, description and robots tag)', async () => {
  const server = servers.all[0] ?? (await instance('catalogue A'));
  // Slugs no other test asks for: their first render is this test's.
  const paths = ['/shop/no-such-plan-yet', '/de/shop/no-such-plan-yet'];
  for (const path of paths) {
    const first = await page(server, path);
    expect(first.status).toBe(404);
    expect(headTags(first.body)).toEqual({ title: 1, description: 1, robots: 1 });
  }
  // A change of the catalogue: every prerendered page is stale, served once more while it renders again.
  await operator(`update products set price_cents = price_cents where slug = 'setup-service'`);
  for (const path of paths) {
    await until(async () => (await page(server, path)).cache, 'STALE', 10_000);
    await until(async () => (await page(server, path)).cache, 'HIT', 10_000);
    const again = await page(server, path);
    expect(again.status).toBe(404);
    expect(headTags(again.body)).toEqual({ title: 1, description: 1, robots: 1 });
    expect(again.body).toContain('<meta name="robots" content="noindex"/>');
  }
});

it('refuses the revalidation handler to anyone without the server’s own token', async () => {
  const [server] = servers.all;
  const attempt = (headers: Record<string, string>) =>
    fetch(`${server.origin}/api/catalogue/revalidate`, {
      method: 'POST',
      headers: { origin: server.origin, ...headers },
    });
  expect((await attempt({})).status).toBe(404);
  expect((await attempt({ 'x-catalogue-token': 'guess' })).status).toBe(404);
  expect((await attempt({ origin: 'https://evil.example', 'x-catalogue-token': 'guess' })).status).toBe(403);
});
