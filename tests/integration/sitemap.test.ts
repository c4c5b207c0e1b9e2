import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { indexSitemap, localeSitemap, sitemapIndex } from '@/lib/seo/sitemap';
import { catalogue } from '@/lib/shop/catalogue';

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name) });

async function parse(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

type UrlEntry = { loc: string; lastmod: string; 'xhtml:link': Array<{ '@_hreflang': string; '@_href': string }> };

describe('sitemaps', () => {
  it('the index names the index, en and de sitemaps with absolute URLs', async () => {
    const doc = await parse(sitemapIndex());
    const locs = doc.sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(locs).toEqual([
      'http://localhost:3000/index-sitemap.xml',
      'http://localhost:3000/en-sitemap.xml',
      'http://localhost:3000/de-sitemap.xml',
    ]);
  });

  it.each([
    ['en', 'http://localhost:3000/', 'http://localhost:3000/chat'],
    ['de', 'http://localhost:3000/de', 'http://localhost:3000/de/chat'],
  ] as const)('%s sitemap lists its public pages and a page per active product, with lastmod and hreflang alternates', async (locale, home, chat) => {
    const doc = await parse(await localeSitemap(locale));
    const urls: UrlEntry[] = doc.urlset.url;
    const shop = `${home.replace(/\/$/, '')}/shop`;
    const productPages = catalogue.filter((p) => p.active).map((p) => `${shop}/${p.slug}`);
    expect(productPages.length).toBeGreaterThan(0);
    expect(urls.map((u) => u.loc)).toEqual([home, chat, ...productPages]);
    for (const url of urls) {
      expect(new Date(url.lastmod).toString()).not.toBe('Invalid Date');
      const langs = Object.fromEntries(url['xhtml:link'].map((l) => [l['@_hreflang'], l['@_href']]));
      expect(Object.keys(langs).sort()).toEqual(['de', 'en', 'x-default']);
      expect(langs['x-default']).toBe(langs.en);
      for (const href of Object.values(langs)) expect(href).toMatch(/^http:\/\/localhost:3000\//);
    }
  });

  it('never lists dashboard, auth, sample or test pages', async () => {
    const all = [await parse(await localeSitemap('en')), await parse(await localeSitemap('de')), await parse(indexSitemap())]
      .flatMap((doc) => doc.urlset.url as UrlEntry[])
      .map((u) => u.loc);
    for (const loc of all) expect(loc).not.toMatch(/dashboard|login|signup|verify-email|sample|\/test/);
  });

  it('the index sitemap lists the home page in both locales', async () => {
    const doc = await parse(indexSitemap());
    expect(doc.urlset.url.map((u: UrlEntry) => u.loc)).toEqual(['http://localhost:3000/', 'http://localhost:3000/de']);
  });
});
