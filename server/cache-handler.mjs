// Next's prerender cache (files under .next/server, an in-memory copy in front), which also gives every
// prerendered page its Content-Security-Policy: a page rendered once for everybody cannot carry a
// per-request nonce, so its policy allows exactly its own inline scripts by their sha256 hashes. The
// hashes are taken once per render (when Next stores the page: the build, each revalidation) and once
// when this process first reads a page the build wrote, and travel with the page as one of its stored
// headers, which Next sends with every answer of it under any launcher (npm start, next start). A page
// that renders the 404 page (a product that does not exist) is stored with status 404 and one robots
// tag: a page's notFound() would leave the 404 page's text to the browser (vercel/next.js#62228).
// Each render also records the public origin it was made for (SITE_URL, else localhost at PORT, as in
// lib/env.ts): pages, sitemaps and robots.txt name it in their links, and several servers of one build
// (another port, another SITE_URL) share these files. A render made for another origin is never served:
// it is a miss, rendered again for this one. The build's own renders carry none: theirs is the origin
// the build knew (next.config.ts records it as BUILD_SITE_URL in the build's required-server-files.json).
// Storing a render or marking pages stale tells npm start's memory of answers to forget them
// (server/answer-cache.mjs). While the database does not answer, a render Next would make for the
// visitor (nothing stored, another origin's render, one past its expiry) would fail and answer 500: what
// is stored is served as it is instead, and a page with nothing stored is the translated 503 (see
// `whileAway`). Configured as `cacheHandler` in next.config.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import { policySources, prerenderedPolicy } from '../lib/security/policy.mjs';

// A CommonJS module: its class is the `default` export of what the import answers.
const FileSystemCache = fileSystemCache.default ?? fileSystemCache;

const POLICY_HEADER = 'content-security-policy';
// What components/errors/error-view.tsx writes for the 404 page (React escapes quotes in any text).
const NOT_FOUND_PAGE = '<section data-error-variant="not-found"';
// The tag Next writes into the head of a page whose answer is a 404 when it renders it.
const NOINDEX = '<meta name="robots" content="noindex"/>';
// Stored with a render, never sent: the origin it was made for.
const ORIGIN_HEADER = 'x-plauder-origin';
const RENDERS = new Set(['APP_PAGE', 'APP_ROUTE']);
// Pages given their policy by this process (a policy read from disk may name another process's
// emulator address or configuration: it is taken again once per process).
const secured = new WeakSet();
let sources;

function secure(value) {
  if (value?.kind !== 'APP_PAGE' || typeof value.html !== 'string' || secured.has(value)) return;
  sources ??= policySources();
  value.headers = { ...value.headers, [POLICY_HEADER]: prerenderedPolicy(value.html, sources) };
  secured.add(value);
}

function publicOrigin() {
  return (process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '');
}

/** The render's stored headers without the origin it was made for (which only the files keep). */
function withoutOrigin(value) {
  const { [ORIGIN_HEADER]: _origin, ...headers } = value.headers ?? {};
  value.headers = headers;
}

// Next makes a cache handler per request: the build's file is read once per build directory.
const builds = new Map();

/** What the build knew: the public origin of its renders, and how long a page may be served stale. */
function build(serverDistDir) {
  if (!builds.has(serverDistDir)) builds.set(serverDistDir, readBuild(serverDistDir));
  return builds.get(serverDistDir);
}

function readBuild(serverDistDir) {
  try {
    const { config } = JSON.parse(readFileSync(join(serverDistDir, '..', 'required-server-files.json'), 'utf8'));
    return { origin: config.env.BUILD_SITE_URL ?? null, expireTime: config.expireTime };
  } catch {
    return { origin: null, expireTime: undefined };
  }
}

/**
 * What the app tells the cache of the database (registered at start, instrumentation.ts): `reachable()`,
 * whether it answers now (asking it while it is known to be down: lib/db/availability.ts), and
 * `unavailablePage(locale)`, the translated 503 page as `{ status, headers, html }`.
 */
export const PRERENDER_OUTAGE = Symbol.for('plauder.prerender-outage');
// A render served while the database is away may be out of date, or name another origin: caches in front
// keep it as briefly as a 503 says to come back (Retry-After), then ask again (`s-maxage=10`).
const OUTAGE_REVALIDATE_SECONDS = 10;
// Stored renders as they are served while the database is away (per render, so that its policy is taken once).
const outageValues = new WeakMap();

/**
 * `entry` as it is served while the database is away: as if just made (Next neither renders it in the
 * visitor's request, as it would a render past its expiry, nor tries again in the background until the
 * database answers), with this origin's policy and a short lifetime for caches in front (Next writes it,
 * unless the route answers its own, as `/` does: a route handler's own is left out here).
 */
function servedAsIs(entry, expireTime) {
  let value = outageValues.get(entry.value);
  if (!value) {
    const { 'cache-control': _own, ...headers } = entry.value.headers ?? {};
    value = { ...entry.value, headers };
    withoutOrigin(value);
    secure(value);
    outageValues.set(entry.value, value);
  }
  const expire = entry.cacheControl?.expire ?? expireTime;
  return { ...entry, value, lastModified: Date.now(), cacheControl: { revalidate: OUTAGE_REVALIDATE_SECONDS, expire } };
}

/** The locale of a page's cache key (`/en/shop/x`, or Next's `/route-cache/APP_PAGE/<route>/$/en/shop/x`). */
function localeOf(key) {
  const path = key.includes('/$/') ? key.slice(key.lastIndexOf('/$/') + 2) : key;
  return path.split('/')[1];
}

/**
 * The translated 503 page as a render of `key` that is served and never stored: a page the process has
 * no render of (an address the build did not prerender, such as an unknown product) would render, fail
 * and answer 500. Its router payload is empty: a browser that navigates there loads the page instead.
 */
async function unavailableEntry(outage, key) {
  const { status, headers, html } = await outage.unavailablePage(localeOf(key));
  return { lastModified: Date.now(), value: { kind: 'APP_PAGE', html, rscData: Buffer.alloc(0), headers, status } };
}

/**
 * A render of the 404 page is stored with status 404 and one robots tag. Next writes its own tag into a
 * render made while the answer is already a 404 (the stored page rendered again after a catalogue
 * change, or after its 5 minutes), never into the first, which only becomes a 404 here; so the page
 * names none itself (app/[locale]/(shop)/shop/[slug]/page.tsx) and the first render gets Next's here.
 */
function storeAsNotFound(data) {
  data.status = 404;
  const head = data.html.slice(0, data.html.indexOf('</head>'));
  if (!head.includes('<meta name="robots"')) data.html = data.html.replace('</head>', `${NOINDEX}</head>`);
}

// server/answer-cache.mjs's PRERENDER_CHANGED (a registered symbol: the launcher defines it, when it is npm start).
const PRERENDER_CHANGED = Symbol.for('plauder.prerender-changed');
const changed = () => globalThis[PRERENDER_CHANGED]?.();

// Renders this process checked or made (an entry from the in-memory copy is checked once).
const checked = new WeakSet();

const outage = () => globalThis[PRERENDER_OUTAGE];

/** `usual` while the database answers (or nobody said how to ask it: the build), else what `away()` makes. */
async function whileAway(usual, away) {
  const hooks = outage();
  return !hooks || (await hooks.reachable()) ? usual : away();
}

export default class PrerenderCache extends FileSystemCache {
  constructor(ctx) {
    super(ctx);
    this.build = ctx.serverDistDir ? build(ctx.serverDistDir) : { origin: null, expireTime: undefined };
  }

  async get(key, context) {
    const entry = await super.get(key, context);
    const value = entry?.value;
    if (!entry) return context?.kind === 'APP_PAGE' ? whileAway(null, () => unavailableEntry(outage(), key)) : null;
    if (!RENDERS.has(value?.kind)) return entry;
    const asIs = () => servedAsIs(entry, this.build.expireTime);
    if (!checked.has(value)) {
      if ((value.headers?.[ORIGIN_HEADER] ?? this.build.origin) !== publicOrigin()) return whileAway(null, asIs);
      withoutOrigin(value);
      secure(value);
      checked.add(value);
    }
    return whileAway(entry, asIs);
  }

  async revalidateTag(tags, durations) {
    try {
      return await super.revalidateTag(tags, durations);
    } finally {
      changed();
    }
  }

  async set(key, data, context) {
    if (!RENDERS.has(data?.kind)) return super.set(key, data, context);
    secure(data);
    if (data.kind === 'APP_PAGE' && typeof data.html === 'string' && data.html.includes(NOT_FOUND_PAGE))
      storeAsNotFound(data);
    checked.add(data);
    data.headers = { ...data.headers, [ORIGIN_HEADER]: publicOrigin() };
    try {
      return await super.set(key, data, context);
    } finally {
      withoutOrigin(data);
      changed();
    }
  }
}
