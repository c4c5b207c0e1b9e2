// Reading pages as a browser or a crawler does: status, whether Next served them from its
// cache, the prices the landing page's product cards show, the paths a sitemap lists.

export type Page = { status: number; cache: string | null; body: string; headers: Headers; ms: number };

/** GET `path` of `origin` (redirects followed, as a browser does). */
export async function page(origin: string, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const started = performance.now();
  const response = await fetch(origin + path, { headers });
  const body = await response.text();
  return {
    status: response.status,
    cache: response.headers.get('x-nextjs-cache'),
    body,
    headers: response.headers,
    ms: performance.now() - started,
  };
}

/** The landing page's product cards: slug → the price it shows, as `29.00`. */
export function offers(html: string): Record<string, string> {
  const cards = html.matchAll(/id="product-([a-z0-9-]+)"[\s\S]*?data-price-cents="(\d+)"/g);
  return Object.fromEntries([...cards].map(([, slug, cents]) => [slug, (Number(cents) / 100).toFixed(2)]));
}

/** The paths a sitemap lists. */
export const sitemapPaths = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
