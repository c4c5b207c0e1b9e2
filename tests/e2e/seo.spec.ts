import { XMLParser, XMLValidator } from 'fast-xml-parser';
import catalogue from '@/data/products.json';
import { PLANS } from '@/lib/billing/plans';
import { baseURL } from '../../playwright.config';
import { expect, test, messages } from './fixtures';

// Every absolute URL names the server's public origin (SITE_URL), which the server takes at start.
const site = baseURL;

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name),
});

test('sitemaps are valid XML, absolute, and list both locales with alternates and real change times', async ({
  request,
}) => {
  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('application/xml');
  const indexXml = await index.text();
  expect(XMLValidator.validate(indexXml)).toBe(true);
  const files = parser.parse(indexXml).sitemapindex.sitemap.map((s: { loc: string }) => new URL(s.loc).pathname);
  expect(files).toEqual(['/en-sitemap.xml', '/de-sitemap.xml']);
  // The same index under the name the specification registers; it no longer repeats the home pages.
  expect(await (await request.get('/index-sitemap.xml')).text()).toBe(indexXml);

  // The build knows no change times (it opens no database): the server's render at start names them.
  for (const file of files) {
    await expect
      .poll(async () => (await (await request.get(file)).text()).match(/<lastmod>/g)?.length ?? 0, file)
      .toBeGreaterThan(catalogue.length);
  }

  const locs: string[] = [];
  for (const file of files) {
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    const xml = await response.text();
    expect(XMLValidator.validate(xml), file).toBe(true);
    for (const url of parser.parse(xml).urlset.url) {
      locs.push(url.loc);
      // The time of the page's last change where it is known (never the build's time); none for the chat
      // (every message changes it) and the imprint (its text names the configured seller).
      if (/\/(chat|imprint)$/.test(url.loc)) expect(url.lastmod).toBeUndefined();
      else expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(url['xhtml:link'].map((l: Record<string, string>) => l['@_hreflang']).sort()).toEqual([
        'de',
        'en',
        'x-default',
      ]);
    }
  }
  expect(locs).toEqual(
    expect.arrayContaining([
      `${site}/`,
      `${site}/de`,
      `${site}/chat`,
      `${site}/de/chat`,
      ...catalogue.flatMap((p) => [`${site}/shop/${p.slug}`, `${site}/de/shop/${p.slug}`]),
      ...['imprint', 'privacy', 'terms'].flatMap((page) => [`${site}/${page}`, `${site}/de/${page}`]),
    ]),
  );
  expect(locs.every((loc) => /^https?:\/\//.test(loc))).toBe(true);
  expect(locs.some((loc) => /dashboard|login|signup|sample|\/test/.test(loc))).toBe(false);
});

test('robots.txt names the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`);
  expect(robots).toMatch(/Disallow: \/dashboard/);
});

test('indexable pages have per-locale title, description, canonical and hreflang', async ({ page }) => {
  // English first: visiting /de remembers German, and / would then redirect to /de.
  await page.goto('/chat');
  await expect(page).toHaveTitle('Live chat · Plauder');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site}/chat`);

  await page.goto('/de');
  await expect(page).toHaveTitle('Plauder – Live-Chat für Ihre Website');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Antworten Sie Ihren Besuchern/);
  // Next writes the site root without its trailing slash; compare URLs, not strings.
  const href = async (selector: string) => new URL((await page.locator(selector).getAttribute('href'))!).href;
  expect(await href('link[rel="canonical"]')).toBe(`${site}/de`);
  expect(await href('link[rel="alternate"][hreflang="en"]')).toBe(`${site}/`);
  expect(await href('link[rel="alternate"][hreflang="de"]')).toBe(`${site}/de`);
  expect(await href('link[rel="alternate"][hreflang="x-default"]')).toBe(`${site}/`);
});

test('private and utility pages are not indexed', async ({ page }) => {
  // The German page last: once the browser remembers German, a page without prefix moves to its German
  // address at start: a client navigation, after which the head held both pages' robots tags in some runs.
  for (const path of ['/login', '/sample', '/test', '/shop/success', '/de/dashboard']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', /noindex/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveCount(0);
  }
});

type JsonLdProduct = {
  '@type': string;
  sku: string;
  name: string;
  url: string;
  image: string;
  offers: { '@type': string; price: string; priceCurrency: string; availability: string; url: string };
};

async function structuredProducts(page: import('@playwright/test').Page): Promise<JsonLdProduct[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text)).filter((data) => data['@type'] === 'Product');
}

for (const locale of ['en', 'de'] as const) {
  const prefix = locale === 'de' ? '/de' : '';

  test(`the landing page marks up no Product: Google wants a product marked up on its own page (${locale})`, async ({
    page,
  }) => {
    await page.goto(prefix || '/');
    expect(await structuredProducts(page)).toEqual([]);
  });

  test(`Open Graph: a localized 1200 × 630 image, title and URL (${locale})`, async ({ page, request }) => {
    await page.goto(prefix || '/');
    const meta = (property: string) => page.locator(`meta[property="${property}"]`).first();
    await expect(meta('og:image')).toHaveAttribute('content', `${site}/og/${locale}.png`);
    await expect(meta('og:image:width')).toHaveAttribute('content', '1200');
    await expect(meta('og:image:height')).toHaveAttribute('content', '630');
    await expect(meta('og:image:alt')).toHaveAttribute('content', messages[locale].Metadata.ogImageAlt);
    await expect(meta('og:title')).toHaveAttribute('content', messages[locale].Metadata.home.title);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');

    const image = await request.get(`/og/${locale}.png`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const png = await image.body();
    // PNG signature, then the IHDR chunk: width and height as big-endian integers.
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test(`a product page: its own title, canonical, hreflang, JSON-LD, and buying from it (${locale})`, async ({
    page,
  }) => {
    const source = catalogue.find((p) => p.slug === 'professional')!;
    await page.goto(`${prefix}/shop/professional`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(source.name[locale]);
    await expect(page).toHaveTitle(`${source.name[locale]} · Plauder`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', source.description[locale]);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site}${prefix}/shop/professional`);
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute(
      'href',
      `${site}/de/shop/professional`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      'href',
      `${site}/shop/professional`,
    );
    const [product] = await structuredProducts(page);
    expect(product.offers.price).toBe('49.00');
    const plans = messages[locale].Plans;
    for (const feature of PLANS.professional.features)
      await expect(page.getByRole('listitem').filter({ hasText: plans.features[feature].name })).toHaveCount(1);

    // A plan is subscribed to: its button leads through the sign-up to the billing page.
    await page.getByRole('link', { name: plans.choose.replace('{name}', source.name[locale]) }).click();
    const target = encodeURIComponent(`${prefix}/dashboard/billing?plan=professional&interval=month`);
    await expect(page).toHaveURL((url) => url.pathname + url.search === `${prefix}/signup?redirect=${target}`);
  });

  test(`a product that is not in the catalogue is a 404 (${locale})`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+(\/de)?\/shop\/no-such-product\)$/);
    const response = await page.goto(`${prefix}/shop/no-such-product`);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(`${messages[locale].Metadata.notFound.title} · Plauder`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
}
