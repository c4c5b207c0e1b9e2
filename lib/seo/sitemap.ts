import { locales, type Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import { indexablePagesOf, type IndexablePage } from './pages';
import { absoluteUrl, alternatesOf } from './urls';

const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

/** The sitemap of each locale: every indexable page in that language. */
const localeSitemapFile = (locale: Locale) => `${locale}-sitemap.xml`;

/**
 * Every sitemap the site serves (each a prerendered route, revalidated with the catalogue): the index at
 * /sitemap.xml (robots.txt names it), the same index under the name the specification registers, and a
 * sitemap per locale.
 */
export const sitemapFiles = ['sitemap.xml', 'index-sitemap.xml', ...locales.map(localeSitemapFile)] as const;

function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** A `<lastmod>` line where the time of the last change is known; none otherwise (never a made-up one). */
function lastmod(time: Date | null, indent: string): string[] {
  return time ? [`${indent}<lastmod>${time.toISOString()}</lastmod>`] : [];
}

function newest(times: Array<Date | null>): Date | null {
  return times.reduce<Date | null>((latest, time) => (time && (!latest || time > latest) ? time : latest), null);
}

function urlElement(page: IndexablePage, locale: Locale): string {
  const links = Object.entries(alternatesOf(page.path)).map(
    ([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
  );
  return [
    '  <url>',
    `    <loc>${escapeXml(absoluteUrl(localizedPath(page.path, locale)))}</loc>`,
    ...lastmod(page.lastModified, '    '),
    `    <changefreq>${page.changefreq}</changefreq>`,
    `    <priority>${page.priority.toFixed(1)}</priority>`,
    ...links,
    '  </url>',
  ].join('\n');
}

function xml(lines: string[]): Response {
  return new Response(['<?xml version="1.0" encoding="UTF-8"?>', ...lines, ''].join('\n'), { headers: XML_HEADERS });
}

/** Every indexable page in one locale, the catalogue's product pages included. */
export async function localeSitemap(locale: Locale): Promise<Response> {
  const pages = await indexablePagesOf(locale);
  return xml([
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...pages.map((page) => urlElement(page, locale)),
    '</urlset>',
  ]);
}

/** The sitemap index: each locale's sitemap, changed when the newest of its pages changed. */
export async function sitemapIndex(): Promise<Response> {
  const sitemaps = await Promise.all(
    locales.map(async (locale) => ({
      file: localeSitemapFile(locale),
      changed: newest((await indexablePagesOf(locale)).map((page) => page.lastModified)),
    })),
  );
  return xml([
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemaps.map(({ file, changed }) =>
      [
        '  <sitemap>',
        `    <loc>${escapeXml(absoluteUrl(`/${file}`))}</loc>`,
        ...lastmod(changed, '    '),
        '  </sitemap>',
      ].join('\n'),
    ),
    '</sitemapindex>',
  ]);
}
