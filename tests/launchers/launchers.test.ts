/** @jest-environment node */
// Every documented way of running the app (npm start, next start behind a proxy, npm run dev) answers
// every page with its Content-Security-Policy, or refuses to start saying why; npm start's server
// ignores forwarded headers a client forged. Runs against the production build (scripts/test.mjs).
import { spawn } from 'node:child_process';
import { get as httpGet, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { freePort, nextBin, root, startNext, type StartedServer } from '../../bench/lib/servers.mjs';
import { scriptHash } from '@/lib/security/policy.mjs';
import { sseReader } from '../support/sse';

jest.setTimeout(600_000);

const PAGES = [
  '/',
  '/de',
  '/shop/starter',
  '/de/shop/professional',
  '/login',
  '/de/signup',
  '/chat',
  '/sample',
  '/de/gibt-es-nicht',
  '/shop/nope',
  '/de/foo.bar',
  '/foo.php',
];
const RESOURCES = [
  '/api/health',
  '/api/products',
  '/en-sitemap.xml',
  '/robots.txt',
  '/og/en.png',
  '/icon.svg',
  '/favicon.ico',
  '/embed.js',
  '/builds/latest.json',
];
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

function directives(policy: string | null): Record<string, string[]> {
  expect(policy).toBeTruthy();
  return Object.fromEntries(
    policy!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** A page's policy allows each of its executable inline scripts (by nonce or hash) and nothing unsafe. */
async function expectDocumentPolicy(origin: string, path: string, { development = false } = {}) {
  const response = await fetch(origin + path, { redirect: 'manual' });
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const csp = directives(response.headers.get('content-security-policy'));
  const scripts = csp['script-src'];
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts.includes("'unsafe-eval'")).toBe(development);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  const html = await response.text();
  const nonce = scripts.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    const byNonce = nonce !== undefined && attributes.includes(`nonce="${nonce}"`);
    expect(byNonce || scripts.includes(scriptHash(text))).toBe(true);
  }
  return { cache: response.headers.get('x-nextjs-cache'), nonce };
}

async function expectResourcePolicy(origin: string, path: string) {
  const response = await fetch(origin + path);
  expect(response.headers.get('content-type')).not.toMatch(/^text\/html/);
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  await response.arrayBuffer();
}

async function expectPolicies(origin: string) {
  const seen: Record<string, string | null> = {};
  for (const path of PAGES) seen[path] = (await expectDocumentPolicy(origin, path)).cache;
  for (const path of RESOURCES) await expectResourcePolicy(origin, path);
  // The landing and product pages stay prerendered (answered from the cache: their policy came with their
  // render); the login page is rendered per request.
  expect(seen['/']).toMatch(/^(HIT|MISS|STALE)$/);
  expect(seen['/shop/starter']).toMatch(/^(HIT|MISS|STALE)$/);
  expect(seen['/login']).toBeNull();
}

/** A GET through node:http, which sends exactly the headers given. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status?: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** A launcher that must refuse: it exits with a failure and says why. */
function refusal(command: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, {
      cwd: root,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const started: StartedServer[] = [];
afterAll(() => Promise.all(started.map((server) => server.stop())));

async function start(options: Parameters<typeof startNext>[0]) {
  const server = await startNext(options);
  started.push(server);
  return server;
}

describe('npm start', () => {
  let app: StartedServer;
  beforeAll(async () => {
    app = await start({
      label: 'npm start',
      dir: root,
      readyPath: '/api/health',
      viaStartScript: true,
      env: { CHAT_STREAMS_PER_IP: '2' },
    });
  });

  it('answers every page with its policy: a nonce when rendered now, its scripts’ hashes when prerendered', async () => {
    await expectPolicies(app.origin);
  });

  it('names the address it serves in the pages it prerendered from the first answer, whatever the build or another server of it knew (PORT, no SITE_URL)', async () => {
    // Another server of the same build, on another port, renders the pages first: they share the build's
    // files, and neither the build's render nor the other server's is ever served here.
    const other = await start({
      label: 'npm start (other port)',
      dir: root,
      readyPath: '/api/health',
      viaStartScript: true,
    });
    const otherSite = `http://localhost:${new URL(other.origin).port}`;
    for (const path of ['/', '/en-sitemap.xml', '/robots.txt']) await (await fetch(other.origin + path)).text();
    expect(await (await fetch(`${other.origin}/robots.txt`)).text()).toContain(`Sitemap: ${otherSite}/sitemap.xml`);
    await other.stop();

    const fresh = await start({
      label: 'npm start (after the other)',
      dir: root,
      readyPath: '/api/health',
      viaStartScript: true,
    });
    const site = `http://localhost:${new URL(fresh.origin).port}`;
    const text = async (path: string) => {
      const response = await fetch(fresh.origin + path);
      expect(response.headers.get('x-plauder-origin')).toBeNull();
      return response.text();
    };
    expect(await text('/')).toContain(`<link rel="canonical" href="${site}"/>`);
    expect(await text('/en-sitemap.xml')).toContain(`<loc>${site}/shop/starter</loc>`);
    expect(await text('/robots.txt')).toContain(`Sitemap: ${site}/sitemap.xml`);
  });

  it('takes the client’s address from the socket, whatever X-Forwarded-For a client sends', async () => {
    const controller = new AbortController();
    const open = (address: string) =>
      fetch(`${app.origin}/api/chat/lobby/events`, {
        headers: { 'x-forwarded-for': address },
        signal: controller.signal,
      });
    try {
      const [a, b, c] = [await open('198.51.100.1'), await open('198.51.100.2'), await open('198.51.100.3')];
      expect([a.status, b.status]).toEqual([200, 200]);
      // Two streams per address are allowed here: the third is refused, as all three come from one socket address.
      expect(c.status).toBe(429);
    } finally {
      controller.abort();
    }
  });

  it('serves a prerendered page compressed once per render at the best quality', async () => {
    const raw = await fetch(`${app.origin}/shop/starter`, { headers: { 'accept-encoding': 'identity' } });
    const html = Buffer.from(await raw.arrayBuffer());
    const best = {
      br: brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      }),
      gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
    };
    for (const encoding of ['br', 'gzip'] as const) {
      // The render's first answers are compressed on the fly while its best bytes are made.
      let bytes: Buffer = Buffer.alloc(0);
      for (let attempt = 0; attempt < 50 && !bytes.equals(best[encoding]); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const answer = await get(`${app.origin}/shop/starter`, { 'accept-encoding': encoding });
        expect(answer.headers['content-encoding']).toBe(encoding);
        bytes = answer.body;
      }
      expect(bytes.equals(best[encoding])).toBe(true);
    }
    expect(brotliDecompressSync(best.br).equals(html)).toBe(true);
    expect(best.br.length).toBeLessThan(best.gzip.length);
  });

  it("serves the build's scripts and stylesheet as the build compressed them, at their best", async () => {
    const page = (await get(`${app.origin}/`)).body.toString();
    const assets = [...page.matchAll(/"(\/_next\/static\/chunks\/[^"]+\.(?:js|css))"/g)].map(([, path]) => path);
    expect(assets.some((path) => path.endsWith('.css'))).toBe(true);
    for (const path of new Set(assets)) {
      const raw = await get(app.origin + path, { 'accept-encoding': 'identity' });
      expect([path, raw.status, raw.headers['content-encoding']]).toEqual([path, 200, undefined]);
      const best = {
        br: brotliCompressSync(raw.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.body.length,
          },
        }),
        gzip: gzipSync(raw.body, { level: constants.Z_BEST_COMPRESSION }),
      };
      for (const encoding of ['br', 'gzip'] as const) {
        // From the first answer on: the build made them.
        const answer = await get(app.origin + path, { 'accept-encoding': `${encoding}, deflate` });
        expect([path, answer.headers['content-encoding'], answer.headers['content-length']]).toEqual([
          path,
          encoding,
          String(best[encoding].length),
        ]);
        expect(answer.body.equals(best[encoding])).toBe(true);
        // Next's own answer otherwise: its caching and resource policy.
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(answer.headers['content-security-policy']).toBe(raw.headers['content-security-policy']);
        expect(answer.headers['content-type']).toBe(raw.headers['content-type']);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        // Ranges are of the file as it is: not offered on its encoded bytes.
        expect(answer.headers['accept-ranges']).toBeUndefined();
      }
      // The client's preference counts.
      const preferred = await get(app.origin + path, { 'accept-encoding': 'br;q=0.1, gzip' });
      expect(preferred.body.equals(best.gzip)).toBe(true);
    }
    const [path] = assets;
    // A client that holds it, or asks for a range, gets Next's answer.
    const held = await get(app.origin + path, {
      'accept-encoding': 'br',
      'if-modified-since': (await get(app.origin + path)).headers['last-modified']!,
    });
    expect([held.status, held.body.length]).toEqual([304, 0]);
    const range = await get(app.origin + path, { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect([range.status, range.headers['content-encoding'], range.body.length]).toEqual([206, undefined, 10]);
    const head = await new Promise<IncomingHttpHeaders>((resolve, reject) =>
      httpRequest(app.origin + path, { method: 'HEAD', headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        resolve(res.headers);
      })
        .on('error', reject)
        .end(),
    );
    const full = await get(app.origin + path, { 'accept-encoding': 'br' });
    expect([head['content-encoding'], head['content-length']]).toEqual(['br', String(full.body.length)]);
  });

  it('tags a prerendered answer per render and representation, and answers 304 to a client that holds it', async () => {
    const page = `${app.origin}/shop/starter`;
    const tagOf = async (headers: Record<string, string> = {}, url = page) => {
      const response = await get(url, headers);
      expect(response.status).toBe(200);
      return response.headers.etag;
    };
    const etag = await tagOf();
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(await tagOf()).toBe(etag);
    // The router's payload of the same page is another representation: it never carries the page's tag.
    expect(await tagOf({ rsc: '1' }, `${page}?_rsc`)).not.toBe(etag);

    // (node:http: fetch() adds `Cache-Control: no-cache` to a conditional request.)
    for (const held of [etag!, `W/${etag}`, `"other", ${etag}`]) {
      const response = await get(page, { 'if-none-match': held });
      expect(response.status).toBe(304);
      expect(response.body.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
    }
    // Another render's tag, or a client that asks not to be answered from a cache, gets the page.
    expect((await get(page, { 'if-none-match': '"other"' })).status).toBe(200);
    expect((await get(page, { 'if-none-match': etag!, 'cache-control': 'no-cache' })).status).toBe(200);
  });

  it('answers a landing page again from a second’s memory, never across a cookie or language that routes elsewhere', async () => {
    /** Asks for `path` until the answer comes from memory (an HTTP cache's Age), the page being kept. */
    const kept = async (path: string) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const answer = await get(app.origin + path);
        if (answer.headers.age !== undefined) return answer;
      }
      throw new Error(`${path} was never answered from memory`);
    };
    for (const path of ['/', '/de']) {
      const answer = await kept(path);
      expect([answer.status, answer.headers.age, answer.headers['x-nextjs-cache']]).toEqual([200, '0', 'HIT']);
      expect(answer.headers['content-security-policy']).toContain("'sha256-");
      expect(answer.headers.etag).toBe((await get(app.origin + path)).headers.etag);
    }
    await kept('/');
    const german: Record<string, string>[] = [
      { cookie: 'i18n_redirected=de' },
      { 'accept-language': 'de-DE,de;q=0.9' },
    ];
    for (const headers of german) {
      const answer = await get(`${app.origin}/`, headers);
      expect([answer.status, answer.headers.location]).toEqual([307, '/de']);
    }
    // The proxy runs for the product pages: their answers are Next's every time.
    for (let i = 0; i < 3; i++) expect((await get(`${app.origin}/shop/starter`)).headers.age).toBeUndefined();
  });

  it('serves the site icons, with a day’s shared lifetime', async () => {
    for (const [path, type] of [
      ['/favicon.ico', 'image/x-icon'],
      ['/icon.svg', 'image/svg+xml'],
    ]) {
      const response = await fetch(app.origin + path);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([path, 200, type]);
      expect(response.headers.get('cache-control')).toContain('max-age=86400');
    }
  });

  it('refuses a mutation from another origin, whatever host it names in forwarded headers', async () => {
    const response = await fetch(`${app.origin}/api/chat/lobby/messages`, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ text: 'hello', name: 'Mallory' }),
    });
    expect(response.status).toBe(403);
  });
});

describe('next start', () => {
  it('refuses to start without a trusted proxy in front, saying why', async () => {
    const port = String(await freePort());
    const { code, output } = await refusal([nextBin, 'start', '-H', 'localhost', '-p', port], {
      PGLITE_DATA_DIR: 'memory://',
      NODE_ENV: 'production',
      TRUST_PROXY: '',
    });
    expect(code).not.toBe(0);
    expect(output).toContain('Refusing to start: run `npm start`');
  });

  it('behind a trusted proxy answers every page with its policy', async () => {
    const app = await start({ label: 'next start', dir: root, readyPath: '/api/health', env: { TRUST_PROXY: '1' } });
    await expectPolicies(app.origin);
  });

  // Next's own SIGTERM handler waits for every connection to end, without a bound: an open stream held it.
  it('on SIGTERM tells its open event streams to reconnect and ends them, so that it stops', async () => {
    const app = await start({ label: 'next start', dir: root, readyPath: '/api/health', env: { TRUST_PROXY: '1' } });
    const response = await fetch(`${app.origin}/api/chat/lobby/events`);
    expect(response.status).toBe(200);
    const stream = sseReader(response.body!);
    await stream.comment('connected');
    process.kill(-app.pid, 'SIGTERM');
    expect(await stream.ended(10_000)).toBe(true);
    expect(stream.retries).toHaveLength(2);
    // Next's exit code for SIGTERM (128 + 15).
    expect(await app.exited).toBe(143);
  });
});

describe('npm run dev', () => {
  it('refuses `next dev` alone, saying why', async () => {
    const { code, output } = await refusal([nextBin, 'dev', '-H', 'localhost', '-p', String(await freePort())], {
      PGLITE_DATA_DIR: 'memory://',
    });
    expect(code).not.toBe(0);
    expect(output).toContain('npm run dev');
  });

  it('answers the landing pages and a rendered page with a nonce policy (eval allowed for React’s development build)', async () => {
    const app = await start({
      label: 'npm run dev',
      dir: root,
      readyPath: '/api/health',
      dev: true,
      timeoutMs: 300_000,
    });
    for (const path of ['/', '/de', '/login']) {
      const { nonce } = await expectDocumentPolicy(app.origin, path, { development: true });
      expect(nonce).toBeTruthy();
    }
    await expectResourcePolicy(app.origin, '/api/health');
  });
});
