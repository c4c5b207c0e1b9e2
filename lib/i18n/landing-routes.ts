import { LOCALE_COOKIE, defaultLocale } from './routing';

// The landing pages `/` and `/de` are answered without the proxy: invoking a Next 16 proxy at all costs
// more than half of a prerendered page's throughput (measured with `npm run bench`). Next's own route
// config does for them what the proxy does for every other page. `/` is the one address whose answer
// depends on the visitor (a saved or preferred German goes to `/de`): its answers vary on both and are
// private. The proxy still sees `/` on a first visit from a browser that mentions German, to negotiate
// Accept-Language (proxy.ts).
//
// Used by next.config.ts; the matching proxy matcher lives in proxy.ts.

/**
 * The headers of `/`'s answers: they depend on the cookie and Accept-Language, so no shared cache may
 * keep them (Next puts its own Vary on a page's answer; `private` is what keeps it out of shared caches).
 */
export const NEGOTIATED_HEADERS = { Vary: 'Cookie, Accept-Language', 'Cache-Control': 'private, no-cache' } as const;

export function landingRewrites() {
  return [{ source: '/', destination: `/${defaultLocale}` }];
}

export function landingRedirects() {
  // A visitor who chose German before opens `/`: the German home page (spec §2, "restores the saved language").
  return [
    {
      source: '/',
      has: [{ type: 'cookie' as const, key: LOCALE_COOKIE, value: 'de' }],
      destination: '/de',
      permanent: false,
    },
  ];
}

export function landingHeaders() {
  return [{ source: '/', headers: Object.entries(NEGOTIATED_HEADERS).map(([key, value]) => ({ key, value })) }];
}
