import { LOCALE_COOKIE, defaultLocale, localeCookie, type Locale } from './routing';

// The landing pages `/` and `/de` are answered without the proxy: invoking a Next 16 proxy at all costs
// more than half of a prerendered page's throughput (measured with `npm run bench`). Next's own route
// config does for them what the proxy does for every other page. The proxy still sees `/` on a first
// visit from a browser that mentions German, so that next-intl negotiates Accept-Language properly.
//
// Used by next.config.ts; the matching proxy matcher lives in proxy.ts.

type Has = { type: 'cookie' | 'header'; key: string; value?: string };

function cookieHeader(locale: Locale): string {
  const { maxAge, path, sameSite, secure } = localeCookie;
  return `${LOCALE_COOKIE}=${locale}; Path=${path}; Max-Age=${maxAge}; SameSite=${sameSite === 'lax' ? 'Lax' : sameSite}${secure ? '; Secure' : ''}`;
}

// Only a document request is a visit; the router's prefetches and revalidations are not (see proxy.ts).
const visits: Array<{ has?: Has[]; missing?: Has[] }> = [
  { has: [{ type: 'header', key: 'sec-fetch-dest', value: 'document' }] },
  { missing: [{ type: 'header', key: 'sec-fetch-dest' }] },
];

export function landingRewrites() {
  return [{ source: '/', destination: `/${defaultLocale}` }];
}

export function landingRedirects() {
  // A visitor who chose German before opens `/`: the German home page (spec §2, "restores the saved language").
  return [
    { source: '/', has: [{ type: 'cookie' as const, key: LOCALE_COOKIE, value: 'de' }], destination: '/de', permanent: false },
  ];
}

export function landingHeaders() {
  const cookie = { type: 'cookie' as const, key: LOCALE_COOKIE };
  const germanCookie = { ...cookie, value: 'de' };
  const mentionsGerman = { type: 'header' as const, key: 'accept-language', value: '.*de.*' };
  const remember = (source: string, locale: Locale, has: Has[], missing: Has[]) =>
    visits.map((visit) => ({
      source,
      has: [...has, ...(visit.has ?? [])],
      missing: [...missing, ...(visit.missing ?? [])],
      headers: [{ key: 'Set-Cookie', value: cookieHeader(locale) }],
    }));
  return [
    // `/` without the proxy: a saved language other than German (German is redirected), or no saved
    // language and a browser that does not mention German. Everything else is the proxy's.
    ...remember('/', defaultLocale, [cookie], [germanCookie]),
    ...remember('/', defaultLocale, [], [cookie, mentionsGerman]),
    ...remember('/de', 'de', [], []),
  ];
}
