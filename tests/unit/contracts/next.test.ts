/**
 * @jest-environment node
 */
// What the app and npm start's server rely on in Next's private modules and variables (server/), pinned to the
// version they were checked in. Each test names the file that relies on it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workUnitAsyncStorage } from 'next/dist/server/app-render/work-unit-async-storage.external';
import { NEXT_CACHE_IMPLICIT_TAG_ID } from 'next/dist/lib/constants';
import { getMiddlewareRouteMatcher } from 'next/dist/shared/lib/router/utils/middleware-route-matcher.js';
import FileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import loadConfig from 'next/dist/server/config';
import { PHASE_PRODUCTION_SERVER } from 'next/constants';
import { implicitTag, renderedForRequest } from '@/server/private/next';
import { expectPinned } from './pin';

const VERIFIED = '16.4.6';
const nextFile = (path: string) => readFileSync(join(process.cwd(), 'node_modules', 'next', 'dist', path), 'utf8');

describe("Next's private APIs", () => {
  it('are those of the version they were checked in', () => {
    expectPinned(
      'next',
      VERIFIED,
      ['server/private/next.ts', 'server/server.mjs', 'server/answer-cache.mjs', 'server/cache-handler.mjs'],
      'tests/unit/contracts/next.test.ts',
    );
  });

  it("tell a render for one request from a prerender by the request store's type (server/private/next.ts)", () => {
    expect(renderedForRequest()).toBe(false);
    const inStore = (type: string) =>
      workUnitAsyncStorage.run({ type } as Parameters<typeof workUnitAsyncStorage.run>[0], renderedForRequest);
    expect(inStore('request')).toBe(true);
    expect(inStore('prerender')).toBe(false);
    // Next makes the store of a request with that type.
    expect(nextFile('server/async-storage/request-store.js')).toMatch(/return \{\s*type: 'request',/);
  });

  it('give the tag revalidatePath() gives a path, which revalidateTag() marks stale (server/private/next.ts)', () => {
    expect(implicitTag('layout')).toBe(`${NEXT_CACHE_IMPLICIT_TAG_ID}/layout`);
    expect(implicitTag('sitemap.xml')).toBe('_N_T_/sitemap.xml');
    expect(nextFile('server/web/spec-extension/revalidate.js')).toContain(
      'let normalizedPath = `${_constants.NEXT_CACHE_IMPLICIT_TAG_ID}${',
    );
  });

  it("take npm start's whole configuration from __NEXT_PRIVATE_STANDALONE_CONFIG (server/server.mjs)", async () => {
    const config = { compress: false, generateEtags: false, distDir: '.next', marker: 'npm start' };
    process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
    try {
      expect(await loadConfig(PHASE_PRODUCTION_SERVER, join(process.cwd(), 'tests', 'unit', 'contracts'))).toEqual(
        config,
      );
    } finally {
      delete process.env.__NEXT_PRIVATE_STANDALONE_CONFIG;
    }
  });

  it("match requests against the proxy's matchers as Next does (server/answer-cache.mjs)", () => {
    const runs = getMiddlewareRouteMatcher([
      { regexp: '^/dashboard(?:/.*)?$', originalSource: '/dashboard/:path*' },
      { regexp: '^/$', originalSource: '/', has: [{ type: 'cookie', key: 'session' }], missing: [] },
      { regexp: '^/de$', originalSource: '/de', missing: [{ type: 'header', key: 'x-skip' }] },
    ]);
    const request = (headers: Record<string, string>) => ({ headers }) as unknown as Parameters<typeof runs>[1];
    expect(runs('/dashboard/tickets/v1.2', request({}), {})).toBe(true);
    expect(runs('/', request({}), {})).toBe(false);
    expect(runs('/', request({ cookie: 'session=1' }), {})).toBe(true);
    expect(runs('/de', request({}), {})).toBe(true);
    expect(runs('/de', request({ 'x-skip': '1' }), {})).toBe(false);
    expect(runs('/shop', request({}), {})).toBe(false);
  });

  it('give the prerender cache the methods it overrides (server/cache-handler.mjs)', () => {
    for (const method of ['get', 'set', 'revalidateTag'] as const)
      expect(typeof FileSystemCache.prototype[method]).toBe('function');
    // The handler's constructor is handed Next's context, with the build's server folder in it.
    expect(nextFile('server/lib/incremental-cache/index.js')).toMatch(/serverDistDir/);
  });
});
