/** @jest-environment node */
// The Content-Security-Policy's parts: the policy of a prerendered page, given by the prerender cache
// once per render (server/cache-handler.mjs), the nonce policy of a page rendered per request
// (lib/security/csp.ts), and the sources each configuration allows (lib/security/policy.mjs). The
// launchers' answers are checked in tests/security/headers.spec.ts.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fs from 'node:fs';
import PrerenderCache from '@/server/cache-handler.mjs';
import { PRERENDER_CHANGED } from '../../server/answer-cache.mjs';
import { documentPolicy, inlineScriptHashes, policySources, scriptHash } from '@/lib/security/policy.mjs';
import { createNonce, noncePolicy } from '@/lib/security/csp';

const scriptSrc = (policy: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith('script-src '))!
    .split(' ')
    .slice(1);
const directivesOf = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

// The public origin of these tests' renders (lib/env.ts's default without SITE_URL and PORT).
const ORIGIN = (process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '');

const PAGE =
  '<!DOCTYPE html><html><head><script>one()</script><script src="/app.js"></script><script data-src="x">three()</script></head><body><script type="application/ld+json">{"a":1}</script><script type="module">two()</script></body></html>';

function cache(serverDistDir = mkdtempSync(join(tmpdir(), 'prerender-cache-'))) {
  const nodeFs = {
    existsSync: fs.existsSync,
    readFile: fs.promises.readFile,
    readFileSync: fs.readFileSync,
    writeFile: (file: string, data: Buffer | string) => fs.promises.writeFile(file, data),
    mkdir: (dir: string) => fs.promises.mkdir(dir, { recursive: true }),
    stat: fs.promises.stat,
  };
  return new PrerenderCache({
    fs: nodeFs,
    serverDistDir,
    flushToDisk: true,
    dev: false,
    revalidatedTags: [],
    maxMemoryCacheSize: 0,
  } as never);
}

describe('a prerendered page', () => {
  it('is stored with a policy that allows exactly its executable inline scripts, by hash', async () => {
    const handler = cache();
    const value = {
      kind: 'APP_PAGE',
      html: PAGE,
      rscData: Buffer.from('rsc'),
      headers: { 'x-next-cache-tags': 'a,b' },
      status: 200,
    };
    await handler.set('/en', value, { cacheControl: { revalidate: false, expire: undefined } } as never);
    const policy = (value.headers as Record<string, string>)['content-security-policy'];
    const sources = scriptSrc(policy);
    expect(sources).toEqual(expect.arrayContaining([scriptHash('one()'), scriptHash('two()'), scriptHash('three()')]));
    expect(sources).not.toContain(scriptHash('{"a":1}'));
    expect(sources.some((s) => s.startsWith("'nonce-"))).toBe(false);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    // Next's own headers stay with the page.
    expect(value.headers['x-next-cache-tags']).toBe('a,b');
  });

  it('read from what an earlier process stored gets this process’s policy, computed once', async () => {
    const handler = cache();
    const headers = { 'content-security-policy': "script-src 'self' http://127.0.0.1:1", 'x-plauder-origin': ORIGIN };
    const stale = { kind: 'APP_PAGE', html: PAGE, rscData: Buffer.from('rsc'), headers, status: 200 };
    const entry = { value: stale, lastModified: Date.now() };
    // The file system cache's own read answers this entry (as it would after loading a page the build wrote).
    jest.spyOn(Object.getPrototypeOf(PrerenderCache.prototype), 'get').mockResolvedValue(entry);
    const first = await handler.get('/de', { kind: 'APP_PAGE' } as never);
    const policy = (first!.value as typeof stale).headers['content-security-policy'];
    expect(policy).not.toContain('127.0.0.1:1');
    expect(scriptSrc(policy)).toContain(scriptHash('one()'));
    const second = await handler.get('/de', { kind: 'APP_PAGE' } as never);
    expect((second!.value as typeof stale).headers['content-security-policy']).toBe(policy);
    expect((second!.value as typeof stale).headers).not.toHaveProperty('x-plauder-origin');
    jest.restoreAllMocks();
  });

  it('leaves route handlers and other kinds alone', async () => {
    const handler = cache();
    const value = {
      kind: 'APP_ROUTE',
      body: Buffer.from('<xml/>'),
      headers: { 'content-type': 'application/xml' },
      status: 200,
    };
    await handler.set('/en-sitemap.xml', value, { cacheControl: { revalidate: false, expire: undefined } } as never);
    expect(value.headers).not.toHaveProperty('content-security-policy');
  });

  it('tells npm start’s memory of answers (server/answer-cache.mjs) when a render is stored or pages are marked stale', async () => {
    const changed = jest.fn();
    const hooks = globalThis as Record<symbol, unknown>;
    hooks[PRERENDER_CHANGED] = changed;
    try {
      const handler = cache();
      const value = { kind: 'APP_PAGE', html: PAGE, rscData: Buffer.from('rsc'), headers: {}, status: 200 };
      await handler.set('/en', value, { cacheControl: { revalidate: 300, expire: undefined } } as never);
      expect(changed).toHaveBeenCalledTimes(1);
      await handler.revalidateTag(['_N_T_/layout'], { expire: 0 });
      expect(changed).toHaveBeenCalledTimes(2);
    } finally {
      delete hooks[PRERENDER_CHANGED];
    }
  });
});

describe('a render is served only for the public origin it was made for', () => {
  const sitemap = () => ({
    kind: 'APP_ROUTE',
    body: Buffer.from(`<loc>${process.env.SITE_URL}/</loc>`),
    headers: { 'content-type': 'application/xml' } as Record<string, string>,
    status: 200,
  });
  const context = { cacheControl: { revalidate: false, expire: undefined } } as never;
  const kind = { kind: 'APP_ROUTE' } as never;
  const original = process.env.SITE_URL;
  afterEach(() => {
    process.env.SITE_URL = original;
  });

  it('stores the origin with the files, never in what is sent, and treats another origin’s render as a miss', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prerender-cache-'));
    process.env.SITE_URL = 'http://localhost:4100';
    const value = sitemap();
    await cache(dir).set('/en-sitemap.xml', value, context);
    expect(value.headers).not.toHaveProperty('x-plauder-origin');
    // Another process of the same origin reads it from the files.
    const same = await cache(dir).get('/en-sitemap.xml', kind);
    expect((same!.value as ReturnType<typeof sitemap>).body.toString()).toContain('http://localhost:4100/');
    expect((same!.value as ReturnType<typeof sitemap>).headers).not.toHaveProperty('x-plauder-origin');
    // A server of the same build on another port does not serve it.
    process.env.SITE_URL = 'http://localhost:4200';
    expect(await cache(dir).get('/en-sitemap.xml', kind)).toBeNull();
  });

  it('counts the build’s own renders (written without the handler) as made for the origin the build knew', async () => {
    const root = mkdtempSync(join(tmpdir(), 'prerender-build-'));
    const dir = join(root, 'server');
    fs.mkdirSync(join(dir, 'app'), { recursive: true });
    fs.writeFileSync(
      join(root, 'required-server-files.json'),
      JSON.stringify({ config: { env: { BUILD_SITE_URL: 'http://localhost:4100' } } }),
    );
    fs.writeFileSync(join(dir, 'app', 'robots.txt.body'), 'Sitemap: http://localhost:4100/sitemap.xml');
    fs.writeFileSync(
      join(dir, 'app', 'robots.txt.meta'),
      JSON.stringify({ status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    process.env.SITE_URL = 'http://localhost:4100';
    expect(await cache(dir).get('/robots.txt', kind)).not.toBeNull();
    process.env.SITE_URL = 'http://localhost:4200';
    expect(await cache(dir).get('/robots.txt', kind)).toBeNull();
  });
});

describe('a page rendered per request', () => {
  it('gets a fresh nonce each time, and the theme script by its hash', () => {
    const [a, b] = [createNonce(), createNonce()];
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    const sources = scriptSrc(noncePolicy(a));
    expect(sources).toContain(`'nonce-${a}'`);
    expect(sources.some((s) => s.startsWith("'sha256-"))).toBe(true);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(noncePolicy(a, "'self' https://shop.example")).toContain("frame-ancestors 'self' https://shop.example");
  });
});

describe('the sources of a configuration', () => {
  it('names the emulator locally, Google’s endpoints for a real project, and upgrades on https', () => {
    const local = documentPolicy({
      scripts: [],
      sources: policySources({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    });
    expect(local).toContain("connect-src 'self' http://127.0.0.1:9099");
    expect(local).not.toContain('upgrade-insecure-requests');
    const project = documentPolicy({
      scripts: [],
      sources: policySources({
        SITE_URL: 'https://plauder.example',
        FIREBASE_PROJECT_ID: 'plauder-prod',
        FIREBASE_AUTH_DOMAIN: 'login.plauder.example',
      }),
    });
    expect(project).toContain('https://identitytoolkit.googleapis.com');
    expect(project).toContain("frame-src 'self' https://login.plauder.example");
    expect(project).toContain('upgrade-insecure-requests');
  });

  it('allows exactly what the Firebase SDK’s Google sign-in loads, only with a real project that offers it', () => {
    const project = { FIREBASE_PROJECT_ID: 'plauder-prod', FIREBASE_AUTH_DOMAIN: 'login.plauder.example' };
    const googleSources = (env: Record<string, string>) =>
      directivesOf(documentPolicy({ scripts: [], sources: policySources(env) }));
    const identity = ["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

    const google = googleSources(project);
    expect(google['script-src']).toEqual(["'self'", 'https://apis.google.com']);
    expect(google['frame-src']).toEqual(["'self'", 'https://login.plauder.example']);
    expect(google['connect-src']).toEqual(identity);
    expect(google['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com']);
    expect(googleSources({ ...project, FIREBASE_AUTH_DOMAIN: '' })['frame-src']).toEqual([
      "'self'",
      'https://plauder-prod.firebaseapp.com',
    ]);

    const passwordOnly = googleSources({ ...project, FIREBASE_GOOGLE_SIGN_IN: 'false' });
    expect(passwordOnly['script-src']).toEqual(["'self'"]);
    expect(passwordOnly['frame-src']).toEqual(["'self'"]);
    expect(passwordOnly['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(passwordOnly['connect-src']).toEqual(identity);

    // Local mode signs in through the emulator's own flow: nothing of Google's.
    const local = googleSources({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(local['script-src']).toEqual(["'self'"]);
    expect(local['frame-src']).toEqual(["'self'"]);
    expect(local['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9099']);
  });

  it('names what the installed Firebase SDK’s popup and redirect flows load', () => {
    // The SDK's own source: Google's API loader, and the auth domain's handler iframe.
    const sdk = dirname(
      require.resolve('@firebase/auth', { paths: [dirname(require.resolve('firebase/package.json'))] }),
    );
    const esm = join(sdk, '..', 'esm');
    const source = readdirSync(esm)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(esm, file), 'utf8'))
      .join('\n');
    const loader = /gapiScript: '(https:\/\/[^']+)'/.exec(source)?.[1];
    expect(loader).toBe('https://apis.google.com/js/api.js');
    expect(source).toContain("const IFRAME_PATH = '__/auth/iframe'");
    expect(source).toMatch(/`https:\/\/\$\{auth\.config\.authDomain\}\/\$\{IFRAME_PATH\}`/);
    const sources = policySources({
      FIREBASE_PROJECT_ID: 'plauder-prod',
      FIREBASE_AUTH_DOMAIN: 'login.plauder.example',
    });
    expect(sources.firebase.script).toContain(new URL(loader!).origin);
    expect(sources.firebase.frame).toContain('https://login.plauder.example');
  });

  it('allows eval only in development (React’s development build needs it)', () => {
    expect(scriptSrc(documentPolicy({ scripts: [], sources: policySources({ NODE_ENV: 'development' }) }))).toContain(
      "'unsafe-eval'",
    );
    expect(
      scriptSrc(documentPolicy({ scripts: [], sources: policySources({ NODE_ENV: 'production' }) })),
    ).not.toContain("'unsafe-eval'");
  });

  it('hashes no data block and no external script', () => {
    expect(inlineScriptHashes('<script type="application/json">{}</script><script src="/a.js"></script>')).toEqual([]);
  });
});
