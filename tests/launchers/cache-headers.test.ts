/** @jest-environment node */
// What a shared cache (a CDN in front) may keep, as npm start's server answers it: every public page in
// both languages, on its first and on a repeat visit. Prerendered pages are fresh for 5 minutes and may
// then be served stale while they render again (for up to next.config's expireTime); pages rendered per
// request, and `/` (which negotiates the language), are private. None of them sets a cookie.
import { root, startNext, type StartedServer } from '../../bench/lib/servers.mjs';

jest.setTimeout(300_000);

const SHARED = 's-maxage=300, stale-while-revalidate=604500';
const PRIVATE = 'private, no-cache, no-store, max-age=0, must-revalidate';

const prerendered = [
  '/shop/starter',
  '/shop/professional',
  '/shop/cancel',
  '/sample',
  '/imprint',
  '/privacy',
  '/terms',
];
const perRequest = ['/chat', '/login', '/signup', '/verify-email', '/test', '/shop/success'];
const inBothLanguages = (paths: string[]) => paths.flatMap((path) => [path, `/de${path}`]);

let app: StartedServer;
beforeAll(async () => {
  app = await startNext({ label: 'npm start', dir: root, readyPath: '/api/health', viaStartScript: true });
});
afterAll(() => app.stop());

async function headersOf(path: string) {
  const response = await fetch(`${app.origin}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    cookie: response.headers.get('set-cookie'),
  };
}

it.each(['first', 'repeat'])(
  'prerendered pages have a bounded shared lifetime with stale-while-revalidate (%s visit)',
  async () => {
    for (const path of ['/de', ...inBothLanguages(prerendered)]) {
      expect([path, await headersOf(path)]).toEqual([path, { status: 200, cacheControl: SHARED, cookie: null }]);
    }
  },
);

it.each(['first', 'repeat'])(
  'pages rendered per request stay private, and / negotiates privately (%s visit)',
  async () => {
    for (const path of inBothLanguages(perRequest)) {
      expect([path, await headersOf(path)]).toEqual([path, { status: 200, cacheControl: PRIVATE, cookie: null }]);
    }
    expect(await headersOf('/')).toEqual({ status: 200, cacheControl: 'private, no-cache', cookie: null });
  },
);

it('robots.txt is shared for as long as the sitemaps it names', async () => {
  for (const path of ['/robots.txt', '/sitemap.xml'])
    expect([path, await headersOf(path)]).toEqual([
      path,
      { status: 200, cacheControl: 'public, max-age=3600', cookie: null },
    ]);
});

it('hashed static assets stay immutable', async () => {
  const page = await (await fetch(`${app.origin}/de/imprint`)).text();
  const chunk = /\/_next\/static\/[^"]+\.js/.exec(page)![0];
  expect((await headersOf(chunk)).cacheControl).toBe('public, max-age=31536000, immutable');
});
