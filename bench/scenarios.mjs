// What `npm run bench` measures. Later issues add scenarios here; each is compared with a baseline
// (measured on the bare Next.js fixture) and with the plain node:http server (the machine's limit).
//
// Scenario fields: name, path, method, headers, body; connections (else BENCH_CONNECTIONS); baseline: key
// of `baselines`; minRatio: budget on rps / baseline rps; maxP50Ratio: budget on p50 / baseline p50;
// prerendered: the response must come from the prerender cache; session: sent with a signed-in user's
// cookie (and this site's Origin); uniqueRequestKey: every request gets its own requestKey in the JSON
// body (no idempotent replays). No absolute latency budgets: the bare dynamic page itself misses a p99 of
// 50 ms at 10 connections on this host.

export const scenarios = [
  // No Accept-Language and no i18n_redirected cookie: either would redirect `/` to `/de`.
  {
    name: 'landing-en',
    path: '/',
    method: 'GET',
    headers: {},
    baseline: 'next-static',
    minRatio: 0.9,
    prerendered: true,
  },
  {
    name: 'landing-de',
    path: '/de',
    method: 'GET',
    headers: {},
    baseline: 'next-static',
    minRatio: 0.9,
    prerendered: true,
  },
  // Server-rendered with the session checked at the data (PGlite in memory), a page of 10 tickets.
  {
    name: 'dashboard-tickets',
    path: '/dashboard/tickets',
    method: 'GET',
    headers: {},
    session: true,
    baseline: 'next-dynamic',
    minRatio: 0.7,
  },
  // One visitor at a time: the time a page takes, against the bare dynamic page's at one connection.
  {
    name: 'dashboard-tickets-1conn',
    path: '/dashboard/tickets',
    method: 'GET',
    headers: {},
    connections: 1,
    session: true,
    baseline: 'next-dynamic-1conn',
    maxP50Ratio: 1.5,
  },
  {
    name: 'api-tickets-create',
    path: '/api/tickets',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      subject: 'Load test ticket',
      category: 'technical',
      message: 'Created by npm run bench to measure the API.',
    }),
    session: true,
    uniqueRequestKey: true,
    baseline: 'next-dynamic',
    minRatio: 0.9,
  },
  // An order and a session of the local test checkout per request (the embedded default provider); a
  // purchase intent's key per request, so that each one opens a checkout rather than finding the last.
  {
    name: 'api-checkout',
    path: '/api/checkout',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId: 'starter', quantity: 1 }),
    session: true,
    uniqueRequestKey: true,
    baseline: 'next-dynamic',
    minRatio: 0.9,
  },
];

// server: 'fixture' is bench/baseline-next, 'node-http' the plain server answering the bytes of our `/`.
export const baselines = {
  'next-static': { server: 'fixture', path: '/' },
  'next-dynamic': { server: 'fixture', path: '/dynamic' },
  'next-dynamic-1conn': { server: 'fixture', path: '/dynamic', connections: 1 },
  'node-http': { server: 'node-http', path: '/' },
};

export const LIMIT_BASELINE = 'node-http';

// First-load JS compared per page: our route name in route-bundle-stats.json and the fixture's.
export const bundles = [{ page: '/', appRoute: '/[locale]', fixtureRoute: '/', budgetBytes: 15 * 1024 }];

// The live chat (bench/lib/chat-fanout.mjs): BENCH_CHAT_SUBSCRIBERS streams (1,000) while BENCH_CHAT_RATE
// messages/s (20) are posted for BENCH_CHAT_DURATION s (30).
export const chatBudgets = { maxP99Ms: 100, maxRssMb: 400 };

// Private conversations (bench/lib/conversations-load.mjs): BENCH_CONVERSATIONS_VISITORS visitors (500) in a
// conversation each, one message per visitor every BENCH_CONVERSATIONS_PERIOD s (10), for
// BENCH_CONVERSATIONS_DURATION s (30), with BENCH_CONVERSATIONS_OPERATORS inbox streams (10) receiving
// everything, each answering a waiting visitor every BENCH_CONVERSATIONS_ANSWER_PERIOD s (1). The RSS budget:
// 400 MB for the default 500 visitors, 600 MB for more (issue 36: 5,000 visitors and 10 inboxes).
export const conversationBudgets = { maxP99Ms: 100, maxRssMb: (visitors) => (visitors <= 500 ? 400 : 600) };

// The landing pages under load (bench/lib/landing-memory.mjs): the server's RSS on an instance of its own.
export const landingBudgets = { maxRssMb: 350 };
