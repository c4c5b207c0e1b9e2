/** @jest-environment node */
// The prerender cache while the database does not answer (server/cache-handler.mjs): what Next would
// render in the visitor's request (another origin's render, one past its expiry, none at all) would fail with
// 500, so the cache serves what it holds as it is, or the translated 503 for a page it holds nothing of.
import fs, { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PrerenderCache, { type PrerenderOutage } from '@/server/cache-handler.mjs';
import { offerPrerenderOutage } from '@/lib/errors/prerender-outage';
import { markDatabaseDown, markDatabaseUp, registerDatabaseProbe } from '@/lib/db/availability';
import de from '@/messages/de.json';

const HOOKS = Symbol.for('plauder.prerender-outage');
const hooks = globalThis as unknown as Record<symbol, PrerenderOutage | undefined>;
const BUILD_ORIGIN = 'http://localhost:4100';
const EXPIRE = 604_800;
const WEEK_AGO = Date.now() - 8 * 24 * 60 * 60 * 1000;

/** A cache over a build that knew BUILD_ORIGIN, whose file system read answers `entry`. */
function cacheAnswering(entry: unknown) {
  const root = mkdtempSync(join(tmpdir(), 'prerender-outage-'));
  mkdirSync(join(root, 'server'));
  writeFileSync(
    join(root, 'required-server-files.json'),
    JSON.stringify({ config: { expireTime: EXPIRE, env: { BUILD_SITE_URL: BUILD_ORIGIN } } }),
  );
  jest.spyOn(Object.getPrototypeOf(PrerenderCache.prototype), 'get').mockResolvedValue(entry);
  return new PrerenderCache({
    fs: { ...fs, readFile: fs.promises.readFile, stat: fs.promises.stat },
    serverDistDir: join(root, 'server'),
    flushToDisk: false,
    dev: false,
    revalidatedTags: [],
    maxMemoryCacheSize: 0,
  } as never);
}

const page = (headers: Record<string, string> = {}) => ({
  kind: 'APP_PAGE',
  html: '<!DOCTYPE html><html><head><script>hello()</script></head><body></body></html>',
  rscData: Buffer.from('rsc'),
  headers,
  status: 200,
});
type Served = { value: ReturnType<typeof page>; lastModified: number; cacheControl?: unknown };

let reachable: boolean;
const unavailablePage = jest.fn(async (locale: string) => ({
  status: 503,
  headers: { 'retry-after': '10', 'cache-control': 'no-store' },
  html: `<html lang="${locale}">503</html>`,
}));
const original = process.env.SITE_URL;

beforeEach(() => {
  process.env.SITE_URL = 'http://localhost:4200';
  reachable = true;
  hooks[HOOKS] = { reachable: async () => reachable, unavailablePage };
});
afterEach(() => {
  process.env.SITE_URL = original;
  delete hooks[HOOKS];
  jest.restoreAllMocks();
});

it('serves a render made for another origin only while the database does not answer: as it is, as if just made, briefly for caches', async () => {
  const entry = { value: page({ 'x-plauder-origin': BUILD_ORIGIN }), lastModified: WEEK_AGO };
  // The database answers: a miss, rendered again for this origin (as before).
  expect(await cacheAnswering(entry).get('/de', { kind: 'APP_PAGE' })).toBeNull();

  reachable = false;
  const served = (await cacheAnswering(entry).get('/de', { kind: 'APP_PAGE' })) as Served;
  expect(served.value.html).toBe(entry.value.html);
  expect(served.value.headers).not.toHaveProperty('x-plauder-origin');
  expect(served.value.headers['content-security-policy']).toContain("'sha256-");
  // Fresh to Next (no render in the visitor's request, none in the background until the database is back)…
  expect(served.lastModified).toBeGreaterThan(Date.now() - 1_000);
  // …and to a CDN for 10 seconds (`s-maxage=10, stale-while-revalidate=…`).
  expect(served.cacheControl).toEqual({ revalidate: 10, expire: EXPIRE });
  // What the file system cache keeps is untouched.
  expect(entry.value.headers).toEqual({ 'x-plauder-origin': BUILD_ORIGIN });
});

it('serves its own render past its expiry as it is while the database does not answer, and leaves it to Next while it does', async () => {
  const entry = {
    value: page({ 'x-plauder-origin': 'http://localhost:4200' }),
    lastModified: WEEK_AGO,
    cacheControl: { revalidate: 300, expire: 3_600 },
  };
  expect(await cacheAnswering(entry).get('/de/shop/starter', { kind: 'APP_PAGE' })).toBe(entry);
  reachable = false;
  const served = (await cacheAnswering(entry).get('/de/shop/starter', { kind: 'APP_PAGE' })) as Served;
  expect(served.lastModified).toBeGreaterThan(Date.now() - 1_000);
  expect(served.cacheControl).toEqual({ revalidate: 10, expire: 3_600 });
});

it('leaves a route’s own lifetime out while the database does not answer (a sitemap’s hour)', async () => {
  reachable = false;
  const sitemap = {
    kind: 'APP_ROUTE',
    body: Buffer.from('<urlset/>'),
    headers: { 'content-type': 'application/xml', 'cache-control': 'public, max-age=3600' },
    status: 200,
  };
  const served = (await cacheAnswering({ value: sitemap, lastModified: WEEK_AGO }).get('/en-sitemap.xml', {
    kind: 'APP_ROUTE',
  })) as { value: typeof sitemap; cacheControl: unknown };
  expect(served.value.headers).toEqual({ 'content-type': 'application/xml' });
  expect(served.cacheControl).toEqual({ revalidate: 10, expire: EXPIRE });
});

it('answers a page it holds no render of with the translated 503 in the page’s language while the database does not answer', async () => {
  expect(await cacheAnswering(null).get('/de/shop/nope', { kind: 'APP_PAGE' })).toBeNull();
  reachable = false;
  const served = (await cacheAnswering(null).get('/route-cache/APP_PAGE/0a1b/$/de/shop/nope', {
    kind: 'APP_PAGE',
  })) as Served;
  expect(unavailablePage).toHaveBeenCalledWith('de');
  expect(served.value).toMatchObject({ kind: 'APP_PAGE', status: 503, html: '<html lang="de">503</html>' });
  expect(served.value.headers).toEqual({ 'retry-after': '10', 'cache-control': 'no-store' });
  // A browser navigating there gets no router payload, and loads the page (the 503) instead.
  expect(served.value.rscData).toHaveLength(0);
  // A route handler's miss is left to Next.
  expect(await cacheAnswering(null).get('/en-sitemap.xml', { kind: 'APP_ROUTE' })).toBeNull();
});

it('behaves as before without the app’s hooks (the build): another origin’s render is a miss', async () => {
  delete hooks[HOOKS];
  const entry = { value: page({ 'x-plauder-origin': BUILD_ORIGIN }), lastModified: WEEK_AGO };
  expect(await cacheAnswering(entry).get('/de', { kind: 'APP_PAGE' })).toBeNull();
  expect(await cacheAnswering(null).get('/de/shop/nope', { kind: 'APP_PAGE' })).toBeNull();
});

describe('the app’s hooks (lib/errors/prerender-outage.ts)', () => {
  afterEach(() => markDatabaseUp());

  it('ask the database as the proxy does, and give the translated 503 page', async () => {
    offerPrerenderOutage();
    const offered = hooks[HOOKS]!;
    registerDatabaseProbe(async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    });
    markDatabaseDown();
    expect(await offered.reachable()).toBe(false);
    markDatabaseUp();
    expect(await offered.reachable()).toBe(true);

    const unavailable = await offered.unavailablePage('de');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers['retry-after']).toBe('10');
    expect(unavailable.html).toContain(`<title>${de.Errors.unavailable.title}</title>`);
    expect((await offered.unavailablePage('fr')).html).toContain('<html lang="en">');
  });
});

describe('a fresh process (lib/db/availability.ts)', () => {
  const state = globalThis as { __databaseAvailability?: unknown };
  let saved: unknown;
  beforeEach(() => {
    saved = state.__databaseAvailability;
    delete state.__databaseAvailability;
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
    state.__databaseAvailability = saved;
  });

  it('lets pages try the database it knows nothing of yet, and has the prerender cache wait for its first connection', async () => {
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('@/lib/db/availability');
      let connected!: () => void;
      const probe = jest.fn(() => new Promise<void>((resolve) => (connected = resolve)));
      fresh.registerDatabaseProbe(probe);
      expect(await fresh.databaseAvailable()).toBe(true);
      expect(probe).not.toHaveBeenCalled();

      let told: boolean | undefined;
      const reachable = fresh.databaseReachable().then((answer) => (told = answer));
      // Opening (migrating, seeding) may take longer than a probe of a known database is waited for.
      await jest.advanceTimersByTimeAsync(5_000);
      expect(told).toBeUndefined();
      connected();
      await reachable;
      expect(told).toBe(true);
      expect(probe).toHaveBeenCalledTimes(1);
    });
  });
});
