// What `npm run bench` measures. Later issues add scenarios here; each is compared with a baseline
// (measured on the bare Next.js fixture) and with the plain node:http server (the machine's limit).
//
// Scenario fields: name, path, method, headers, body; baseline: key of `baselines`; minRatio: budget on
// rps / baseline rps; prerendered: the response must come from the prerender cache.

export const scenarios = [
  // No Accept-Language and no i18n_redirected cookie: either would redirect `/` to `/de`.
  { name: 'landing-en', path: '/', method: 'GET', headers: {}, baseline: 'next-static', minRatio: 0.9, prerendered: true },
  { name: 'landing-de', path: '/de', method: 'GET', headers: {}, baseline: 'next-static', minRatio: 0.9, prerendered: true },
];

// server: 'fixture' is bench/baseline-next, 'node-http' the plain server answering the bytes of our `/`.
export const baselines = {
  'next-static': { server: 'fixture', path: '/' },
  'next-dynamic': { server: 'fixture', path: '/dynamic' },
  'node-http': { server: 'node-http', path: '/' },
};

export const LIMIT_BASELINE = 'node-http';

// First-load JS compared per page: our route name in route-bundle-stats.json and the fixture's.
export const bundles = [{ page: '/', appRoute: '/[locale]', fixtureRoute: '/', budgetBytes: 15 * 1024 }];
