// The shop's prerendered pages follow the catalogue in the database: two production instances on one
// PostgreSQL serve the landing page, the product pages and the sitemaps from their cache, and a change
// made straight in the database (as an operator would) reaches both without a restart or a new build.
import { randomBytes } from 'node:crypto';
import { until } from '../support/sse';
import { instances, type Server } from './instances';
import { sql } from '../support/pg';

jest.setTimeout(120_000);

const servers = instances();
// A database of its own: the other tests on this cluster expect the seeded catalogue.
const name = `catalogue_${randomBytes(6).toString('hex')}`;
const url = new URL(process.env.TEST_DATABASE_URL!);
url.pathname = `/${name}`;

beforeAll(async () => {
  await sql(`create database ${name}`);
});

afterAll(async () => {
  await servers.stopAll();
  await sql(`drop database if exists ${name} with (force)`);
});

const instance = (label: string) => servers.start(label, { databaseUrl: url.toString() });
/** A statement in the test's own database, as an operator would run it. */
const operator = (text: string) => sql(text, [], url.toString());

async function page(server: Server, path: string) {
  const response = await fetch(server.origin + path);
  return { status: response.status, cache: response.headers.get('x-nextjs-cache'), body: await response.text() };
}

/** The products' JSON-LD on a page: sku → offered price. */
function offers(html: string): Record<string, string> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  return Object.fromEntries(blocks.filter((b) => b['@type'] === 'Product').map((b) => [b.sku, b.offers.price]));
}

const sitemapLocs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);

it('revalidates the landing page, the product pages and the sitemaps of every instance when the catalogue changes', async () => {
  const [a, b] = await Promise.all([instance('catalogue A'), instance('catalogue B')]);

  // Served from the cache: the seeded catalogue, with a JSON-LD offer per product. (Waited for: the
  // build's page cache on disk may hold an earlier run's catalogue until the start's revalidation.)
  const seeded = async (server: Server) => {
    const landing = await page(server, '/');
    return landing.cache === 'HIT' && offers(landing.body).starter === '29.00';
  };
  for (const server of [a, b]) {
    await until(() => seeded(server), true, 10_000);
    expect(offers((await page(server, '/')).body)).toMatchObject({ starter: '29.00', professional: '79.00' });
    expect((await page(server, '/de/shop/starter')).status).toBe(200);
  }

  // An operator changes a price, withdraws a product and adds one, straight in the database, in one
  // transaction (one simple query): its notifications arrive together at commit, so each instance
  // revalidates once. (As three transactions on a slow host they could fall into two debounce windows,
  // and the second revalidation made the page a MISS right after the first had served the new price.)
  await operator(
    `update products set price_cents = 3100 where slug = 'starter';
     update products set active = false where slug = 'business';
     insert into products (slug, name, description, features, price_cents, currency, active, position)
     values ('enterprise', '{"en":"Enterprise","de":"Enterprise"}', '{"en":"For large teams.","de":"Für große Teams."}',
             '{"en":["200 chat widgets"],"de":["200 Chat-Widgets"]}', 49900, 'EUR', true, 10)`,
  );

  for (const server of [a, b]) {
    await until(async () => offers((await page(server, '/')).body).starter, '31.00', 10_000);
    const landing = offers((await page(server, '/de')).body);
    expect(landing).toMatchObject({ starter: '31.00', enterprise: '499.00' });
    expect(landing).not.toHaveProperty('business');
    // Static again after the change.
    expect((await page(server, '/')).cache).toBe('HIT');

    const product = await page(server, '/de/shop/enterprise');
    expect(product.status).toBe(200);
    expect(product.body).toContain('Für große Teams.');
    expect(product.body).toContain('499,00');
    expect((await page(server, '/shop/business')).status).toBe(404);
    expect((await page(server, '/shop/starter')).body).toContain('data-price-cents="3100"');

    const sitemap = sitemapLocs((await page(server, '/en-sitemap.xml')).body);
    expect(sitemap).toContain('/shop/enterprise');
    expect(sitemap).not.toContain('/shop/business');
    expect(sitemapLocs((await page(server, '/de-sitemap.xml')).body)).toContain('/de/shop/enterprise');
  }
});

it('refuses the revalidation handler to anyone without the server’s own token', async () => {
  const [server] = servers.all;
  const attempt = (headers: Record<string, string>) =>
    fetch(`${server.origin}/api/catalogue/revalidate`, { method: 'POST', headers: { origin: server.origin, ...headers } });
  expect((await attempt({})).status).toBe(404);
  expect((await attempt({ 'x-catalogue-token': 'guess' })).status).toBe(404);
  expect((await attempt({ origin: 'https://evil.example', 'x-catalogue-token': 'guess' })).status).toBe(403);
});
