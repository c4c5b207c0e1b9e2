import { expect, test } from '@playwright/test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name) });

test('sitemaps are valid XML, absolute, and list both locales with alternates', async ({ request }) => {
  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('application/xml');
  const indexXml = await index.text();
  expect(XMLValidator.validate(indexXml)).toBe(true);
  const files = parser.parse(indexXml).sitemapindex.sitemap.map((s: { loc: string }) => new URL(s.loc).pathname);
  expect(files).toEqual(['/index-sitemap.xml', '/en-sitemap.xml', '/de-sitemap.xml']);

  const locs: string[] = [];
  for (const file of files) {
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    const xml = await response.text();
    expect(XMLValidator.validate(xml), file).toBe(true);
    for (const url of parser.parse(xml).urlset.url) {
      locs.push(url.loc);
      expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(url['xhtml:link'].map((l: Record<string, string>) => l['@_hreflang']).sort()).toEqual(['de', 'en', 'x-default']);
    }
  }
  expect(locs).toEqual(expect.arrayContaining(['http://localhost:3000/', 'http://localhost:3000/de', 'http://localhost:3000/chat', 'http://localhost:3000/de/chat']));
  expect(locs.every((loc) => /^https?:\/\//.test(loc))).toBe(true);
  expect(locs.some((loc) => /dashboard|login|signup|sample|\/test/.test(loc))).toBe(false);
});

test('robots.txt names the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  expect(robots).toMatch(/Disallow: \/dashboard/);
});

test('indexable pages have per-locale title, description, canonical and hreflang', async ({ page }) => {
  // English first: visiting /de remembers German, and / would then redirect to /de.
  await page.goto('/chat');
  await expect(page).toHaveTitle('Live chat · Plauder');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/chat');

  await page.goto('/de');
  await expect(page).toHaveTitle('Plauder – Live-Chat für Ihre Website');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Antworten Sie Ihren Besuchern/);
  // Next writes the site root without its trailing slash; compare URLs, not strings.
  const href = async (selector: string) => new URL((await page.locator(selector).getAttribute('href'))!).href;
  expect(await href('link[rel="canonical"]')).toBe('http://localhost:3000/de');
  expect(await href('link[rel="alternate"][hreflang="en"]')).toBe('http://localhost:3000/');
  expect(await href('link[rel="alternate"][hreflang="de"]')).toBe('http://localhost:3000/de');
  expect(await href('link[rel="alternate"][hreflang="x-default"]')).toBe('http://localhost:3000/');

});

test('private and utility pages are not indexed', async ({ page }) => {
  for (const path of ['/login', '/de/dashboard', '/sample', '/test', '/shop/success']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', /noindex/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveCount(0);
  }
});
