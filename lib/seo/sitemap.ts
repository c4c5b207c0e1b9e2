import { locales, type Locale } from '@/lib/i18n/routing';
import { indexablePages, indexablePagesOf } from './pages';
import { localizedPath } from '@/lib/i18n/paths';
import { absoluteUrl, alternatesOf } from './urls';

const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

/** Sitemaps that /sitemap.xml names, by file name. */
export const sitemapFiles = ['index-sitemap.xml', ...locales.map((locale) => `${locale}-sitemap.xml`)] as const;

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

function lastModified(): string {
  return process.env.BUILD_TIME ?? new Date().toISOString();
}

type Entry = { path: string; locale: Locale; changefreq: string; priority: number };

function urlElement({ path, locale, changefreq, priority }: Entry): string {
  const links = Object.entries(alternatesOf(path))
    .map(([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`)
    .join('\n');
  return [
    '  <url>',
    `    <loc>${escapeXml(absoluteUrl(localizedPath(path, locale)))}</loc>`,
    `    <lastmod>${lastModified()}</lastmod>`,
    `    <changefreq>${changefreq}</changefreq>`,
    `    <priority>${priority.toFixed(1)}</priority>`,
    links,
    '  </url>',
  ].join('\n');
}

function urlset(entries: Entry[]): Response {
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map(urlElement),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: XML_HEADERS });
}

/** Every indexable page in one locale, the catalogue's product pages included. */
export async function localeSitemap(locale: Locale): Promise<Response> {
  return urlset((await indexablePagesOf(locale)).map((page) => ({ ...page, locale })));
}

/** The entry points of the site: the home page in every locale. */
export function indexSitemap(): Response {
  const home = indexablePages.find((page) => page.path === '/')!;
  return urlset(locales.map((locale) => ({ ...home, locale })));
}

/** The sitemap index naming every other sitemap. */
export function sitemapIndex(): Response {
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapFiles.map(
      (file) => `  <sitemap>\n    <loc>${escapeXml(absoluteUrl(`/${file}`))}</loc>\n    <lastmod>${lastModified()}</lastmod>\n  </sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
  return new Response(body, { headers: XML_HEADERS });
}
