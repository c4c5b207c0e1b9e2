// Reading pages as a browser or a crawler does: status, whether Next served them from its
// cache, the products' offers on a page, the paths a sitemap lists.

export type Page = { status: number; cache: string | null; body: string; headers: Headers; ms: number };

/** GET `path` of `origin` (redirects followed, as a browser does). */
export async function page(origin: string, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const started = performance.now();
  const response = await fetch(origin + path, { headers });
  const body = await response.text();
  return { status: response.status, cache: response.headers.get('x-nextjs-cache'), body, headers: response.headers, ms: performance.now() - started };
}

/** The products' JSON-LD on a page: sku → offered price. */
export function offers(html: string): Record<string, string> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  return Object.fromEntries(blocks.filter((b) => b['@type'] === 'Product').map((b) => [b.sku, b.offers.price]));
}

/** The paths a sitemap lists. */
export const sitemapPaths = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
