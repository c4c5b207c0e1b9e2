// A second's memory of the answers Next serves from its prerender cache (x-nextjs-cache: HIT: the landing
// pages, sitemaps, robots.txt), for server/server.mjs in production. Under load most requests for `/` ask
// for what Next answered a moment ago, and each cost Next's whole request path again: the route table's
// header, redirect and rewrite rules, a cache handler made per request, the render's stored headers (most
// of the landing page's CPU; npm run bench). A request that matches a kept answer gets its status, headers
// and body again, through the same compression and tags (server/precompressed.mjs), with the `Age` an HTTP
// cache adds.
// It is an HTTP cache in front of Next, and keeps what one must:
// - an answer per full URL and per value of each request header it may depend on: those its `Vary` names
//   (the router's), and those the build's routing rules test (next.config.ts's redirects, rewrites and
//   headers, the proxy's matchers: the cookie and Accept-Language of `/`), which Next's Vary leaves out;
// - nothing the proxy (proxy.ts) runs for: it is code, which may read anything of the request;
// - only complete 200 answers of GET requests that set no cookie;
// - one second at most, so that Next still sees the requests that tell it a page is stale; and none at
//   all once the prerender cache stores a render or marks pages stale (server/cache-handler.mjs
//   calls `PRERENDER_CHANGED`): a catalogue change is served from the next request on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMiddlewareRouteMatcher } from 'next/dist/shared/lib/router/utils/middleware-route-matcher.js';

/** The hook the prerender cache calls when a render is stored or pages are marked stale. */
export const PRERENDER_CHANGED = Symbol.for('plauder.prerender-changed');
/** How long an answer is kept (ms); how many are kept (the variants of all URLs), the oldest going first. */
const DEFAULTS = { lifetimeMs: 1_000, limit: 64 };
// Not kept from the answer: the date is the server's (Node's, per answer); the tag is added per answer.
const NOT_KEPT = new Set(['date', 'etag', 'connection', 'keep-alive', 'transfer-encoding']);
const CONDITION_HEADER = { cookie: () => 'cookie', host: () => 'host', header: (key) => key.toLowerCase() };

function namesOf(value) {
  return (Array.isArray(value) ? value.join(',') : String(value ?? ''))
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

/** The request headers the build's routing rules and proxy matchers test (`has` and `missing`). */
function routingHeaders(rules) {
  const names = new Set();
  for (const rule of rules)
    for (const condition of [...(rule.has ?? []), ...(rule.missing ?? [])])
      names.add(CONDITION_HEADER[condition.type]?.(condition.key));
  names.delete(undefined);
  return [...names];
}

/** `distDir`: the build's folder (.next). Answers a request from memory (true), else watches Next's answer. */
export function answerCache(distDir, { lifetimeMs, limit } = DEFAULTS) {
  const read = (file) => JSON.parse(readFileSync(join(distDir, file), 'utf8'));
  const routes = read('routes-manifest.json');
  const matchers = read(join('server', 'functions-config-manifest.json')).functions['/_middleware']?.matchers ?? [];
  const rewrites = Array.isArray(routes.rewrites) ? routes.rewrites : Object.values(routes.rewrites).flat();
  const keyed = routingHeaders([...routes.redirects, ...routes.headers, ...rewrites, ...matchers]);
  const proxyRuns = getMiddlewareRouteMatcher(matchers);

  /** url → [{ vary: [name, value][] (the request headers it depends on), stored (its headers), body, at }] */
  const answers = new Map();
  let kept = 0;
  globalThis[PRERENDER_CHANGED] = () => {
    answers.clear();
    kept = 0;
  };

  const matches = (req, variant) => variant.vary.every(([name, value]) => (req.headers[name] ?? null) === value);

  function keep(req, res, body) {
    const headers = res.getHeaders();
    const names = new Set([...namesOf(headers.vary), ...keyed]);
    // `Vary: *` says the answer depends on more than the request's headers.
    if (names.has('*') || headers['set-cookie']) return;
    const stored = Object.entries(headers).filter(([name]) => !NOT_KEPT.has(name));
    const vary = [...names].map((name) => [name, req.headers[name] ?? null]);
    // As bytes: a string is encoded on every write, and a page with umlauts is a two-byte string in V8, the
    // slow case (/de at 0.56 times the throughput of /).
    const variant = { vary, stored, body: typeof body === 'string' ? Buffer.from(body) : body, at: Date.now() };
    const before = answers.get(req.url) ?? [];
    const variants = before.filter((other) => !matches(req, other));
    // Re-inserted: the map's order is the age of each URL's newest answer.
    answers.delete(req.url);
    answers.set(req.url, [...variants, variant]);
    kept += variants.length + 1 - before.length;
    while (kept > limit) {
      const [url, oldest] = answers.entries().next().value;
      oldest.shift();
      kept--;
      if (!oldest.length) answers.delete(url);
    }
  }

  // Called where Next would be.
  return function serveKept(req, res) {
    if (req.method !== 'GET') return false;
    const now = Date.now();
    const variant = answers
      .get(req.url)
      ?.find((candidate) => now - candidate.at < lifetimeMs && matches(req, candidate));
    if (variant) {
      for (const [name, value] of variant.stored) res.setHeader(name, value);
      res.setHeader('Age', String(Math.floor((now - variant.at) / 1000)));
      res.statusCode = 200;
      res.end(variant.body);
      return true;
    }
    const [pathname, search = ''] = req.url.split('?', 2);
    if (proxyRuns(pathname, req, Object.fromEntries(new URLSearchParams(search)))) return false;
    const end = res.end;
    res.end = function keptEnd(chunk, ...rest) {
      res.end = end;
      const body = typeof chunk === 'string' || chunk instanceof Uint8Array ? chunk : null;
      if (body && !res.headersSent && res.statusCode === 200 && res.getHeader('x-nextjs-cache') === 'HIT')
        keep(req, res, body);
      return end.call(this, chunk, ...rest);
    };
    return false;
  };
}
