import { eq, sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { database } from '@/lib/db';
import { products } from '@/lib/db/schema';
import { seedCatalogue } from '@/lib/shop/seed';
import { LEGAL_DOCUMENTS } from '@/lib/legal/documents';
import { localeSitemap, sitemapIndex } from '@/lib/seo/sitemap';
import { catalogue } from '@/lib/shop/catalogue';

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name),
});

async function parse(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

type UrlEntry = { loc: string; lastmod?: string; 'xhtml:link': Array<{ '@_hreflang': string; '@_href': string }> };

const active = catalogue.filter((p) => p.active);

async function urlsOf(locale: 'en' | 'de'): Promise<UrlEntry[]> {
  return (await parse(await localeSitemap(locale))).urlset.url;
}

describe('sitemaps', () => {
  beforeAll(async () => {
    const db = await database();
    await seedCatalogue(db);
  });

  it('the index names the sitemap of each locale, and nothing else', async () => {
    const doc = await parse(await sitemapIndex());
    const locs = doc.sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(locs).toEqual(['http://localhost:3000/en-sitemap.xml', 'http://localhost:3000/de-sitemap.xml']);
  });

  it.each([
    ['en', 'http://localhost:3000/', 'http://localhost:3000/chat'],
    ['de', 'http://localhost:3000/de', 'http://localhost:3000/de/chat'],
  ] as const)(
    '%s sitemap lists its public pages, a page per active product and the legal pages, with hreflang alternates',
    async (locale, home, chat) => {
      const urls = await urlsOf(locale);
      const base = home.replace(/\/$/, '');
      const productPages = active.map((p) => `${base}/shop/${p.slug}`);
      const legalPages = Object.values(LEGAL_DOCUMENTS).map((d) => `${base}${d.path}`);
      expect(productPages.length).toBeGreaterThan(0);
      expect(urls.map((u) => u.loc)).toEqual([home, chat, ...productPages, ...legalPages]);
      for (const url of urls) {
        const langs = Object.fromEntries(url['xhtml:link'].map((l) => [l['@_hreflang'], l['@_href']]));
        expect(Object.keys(langs).sort()).toEqual(['de', 'en', 'x-default']);
        expect(langs['x-default']).toBe(langs.en);
        for (const href of Object.values(langs)) expect(href).toMatch(/^http:\/\/localhost:3000\//);
      }
    },
  );

  it('lastmod is the real time of the last change: a product row, the catalogue for the landing page, none for the chat', async () => {
    const db = await database();
    const rows = await db
      .select({ slug: products.slug, updatedAt: products.updatedAt, active: products.active })
      .from(products);
    const bySlug = new Map(rows.map((r) => [r.slug, r.updatedAt.toISOString()]));
    const latest = rows
      .map((r) => r.updatedAt.toISOString())
      .sort()
      .at(-1);
    const urls = await urlsOf('en');
    const lastmod = (path: string) => urls.find((u) => new URL(u.loc).pathname === path)?.lastmod;
    expect(lastmod('/')).toBe(latest);
    expect(lastmod('/chat')).toBeUndefined();
    for (const p of active) expect(lastmod(`/shop/${p.slug}`)).toBe(bySlug.get(p.slug));
    expect(lastmod('/privacy')).toBe(`${LEGAL_DOCUMENTS.privacy.updated}T00:00:00.000Z`);
    const index = await parse(await sitemapIndex());
    for (const sitemap of index.sitemapindex.sitemap) expect(sitemap.lastmod).toBe(latest);
  });

  it('a product keeps its lastmod when the seed rewrites it unchanged, and gets a new one when it changes', async () => {
    const db = await database();
    const slug = active[0]!.slug;
    const before = (await db.select({ at: products.updatedAt }).from(products).where(eq(products.slug, slug)))[0]!.at;
    await seedCatalogue(db);
    const same = (await db.select({ at: products.updatedAt }).from(products).where(eq(products.slug, slug)))[0]!.at;
    expect(same.toISOString()).toBe(before.toISOString());
    try {
      await db
        .update(products)
        .set({ position: sql`${products.position} + 100` })
        .where(eq(products.slug, slug));
      const after = (await db.select({ at: products.updatedAt }).from(products).where(eq(products.slug, slug)))[0]!.at;
      expect(after.getTime()).toBeGreaterThan(before.getTime());
      const urls = await urlsOf('de');
      expect(urls.find((u) => u.loc.endsWith(`/shop/${slug}`))?.lastmod).toBe(after.toISOString());
    } finally {
      await seedCatalogue(db);
    }
  });

  it('never lists dashboard, auth, sample or test pages', async () => {
    const all = [...(await urlsOf('en')), ...(await urlsOf('de'))].map((u) => u.loc);
    for (const loc of all) expect(loc).not.toMatch(/dashboard|login|signup|verify-email|sample|\/test/);
  });
});
