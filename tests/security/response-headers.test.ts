/** @jest-environment node */
// The Content-Security-Policy layer of `npm start`'s server (lib/security/node-headers.ts), on a real
// HTTP server with the same compression in front: prerendered HTML is allowed by the hashes of exactly
// its inline scripts, a page rendered now by a nonce, everything else by nothing; HSTS in production.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function serve(secure: (req: IncomingMessage, res: ServerResponse) => void, handler: Handler) {
  const compress = compression();
  const server: Server = createServer((req, res) => compress(req as never, res as never, () => (secure(req, res), handler(req, res))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function load(env: Record<string, string | undefined> = {}) {
  const saved = { ...process.env };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  try {
    let loaded!: typeof import('@/lib/security/node-headers') & typeof import('@/lib/security/csp');
    await jest.isolateModulesAsync(async () => {
      loaded = { ...(await import('@/lib/security/node-headers')), ...(await import('@/lib/security/csp')) };
    });
    return loaded;
  } finally {
    process.env = saved;
  }
}

const scriptSrc = (policy: string | null) => policy!.split('; ').find((d) => d.startsWith('script-src '))!.split(' ').slice(1);

const PAGE = '<!DOCTYPE html><html><head><script>one()</script><script src="/app.js"></script></head><body><script type="application/ld+json">{"a":1}</script><script>two()</script>'.padEnd(4000, ' ') + '</body></html>';

describe('response security headers', () => {
  it('allows a prerendered page exactly its inline scripts by hash, through writeHead, chunks and gzip', async () => {
    const { secureResponse, scriptHash } = await load();
    const app = await serve(secureResponse, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-nextjs-cache': 'HIT' });
      res.write(PAGE.slice(0, 50));
      res.end(PAGE.slice(50));
    });
    try {
      const response = await fetch(app.origin, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      const sources = scriptSrc(response.headers.get('content-security-policy'));
      expect(sources).toEqual(expect.arrayContaining([scriptHash('one()'), scriptHash('two()')]));
      expect(sources).not.toContain(scriptHash('{"a":1}'));
      expect(sources.some((s) => s.startsWith("'nonce-"))).toBe(false);
      expect(sources).not.toContain("'unsafe-inline'");
      expect(await response.text()).toBe(PAGE);
      // And uncompressed for a client that does not ask for gzip.
      const plain = await fetch(app.origin, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(PAGE);
    } finally {
      await app.close();
    }
  });

  it('leaves the stored policy alone on a 304, and answers HEAD of a prerendered page', async () => {
    const { secureResponse } = await load();
    const app = await serve(secureResponse, (req, res) => {
      res.setHeader('x-nextjs-cache', 'HIT');
      if (req.headers['if-none-match'] === '"v1"') {
        // As Next does: the 304 goes out before any Content-Type is set.
        res.statusCode = 304;
        res.end();
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('etag', '"v1"');
      res.end(req.method === 'HEAD' ? null : PAGE);
    });
    try {
      const notModified = await fetch(app.origin, { headers: { 'if-none-match': '"v1"' } });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get('content-security-policy')).toBeNull();
      const head = await fetch(app.origin, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-security-policy') ?? '').not.toContain("default-src 'none'");
    } finally {
      await app.close();
    }
  });

  it('gives a page rendered now a fresh nonce, tells Next the same one, and ignores one the client sent', async () => {
    const { secureResponse } = await load();
    const seen: string[] = [];
    const app = await serve(secureResponse, (req, res) => {
      seen.push(String(req.headers['content-security-policy']));
      res.setHeader('content-type', 'text/html');
      res.flushHeaders();
      res.write('<html><body>streamed');
      res.end('</body></html>');
    });
    try {
      const a = await fetch(app.origin, { headers: { 'content-security-policy': "script-src 'nonce-mine'" } });
      const b = await fetch(app.origin);
      const [nonceA, nonceB] = [a, b].map((r) => scriptSrc(r.headers.get('content-security-policy')).find((s) => s.startsWith("'nonce-")));
      expect(nonceA).toBeTruthy();
      expect(nonceA).not.toBe(nonceB);
      expect(nonceA).not.toBe("'nonce-mine'");
      expect(seen[0]).toContain(nonceA);
      expect(await a.text()).toBe('<html><body>streamed</body></html>');
    } finally {
      await app.close();
    }
  });

  it('keeps the frame ancestors the proxy chose for the widget page, and refuses framing everywhere else', async () => {
    const { secureResponse } = await load();
    const app = await serve(secureResponse, (req, res) => {
      res.setHeader('content-type', req.url === '/json' ? 'application/json' : 'text/html');
      if (req.url === '/embed') res.setHeader('content-security-policy', "frame-ancestors 'self' https://shop.example");
      res.end(req.url === '/json' ? '{}' : '<html></html>');
    });
    try {
      const policy = async (path: string) => (await fetch(app.origin + path)).headers.get('content-security-policy')!;
      expect(await policy('/embed')).toContain("frame-ancestors 'self' https://shop.example");
      expect(await policy('/embed')).toContain('script-src ');
      expect(await policy('/page')).toContain("frame-ancestors 'none'");
      expect(await policy('/json')).toBe("default-src 'none'; frame-ancestors 'none'");
    } finally {
      await app.close();
    }
  });

  it('sends HSTS only in production on https, and names the identity provider only outside the emulator', async () => {
    const local = await load({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    const production = await load({
      NODE_ENV: 'production',
      SITE_URL: 'https://plauder.example',
      FIREBASE_PROJECT_ID: 'plauder-prod',
      FIREBASE_API_KEY: 'a-web-api-key',
      FIREBASE_AUTH_DOMAIN: 'plauder-prod.firebaseapp.com',
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      SESSION_SECRET: 'x'.repeat(40),
    });
    const handler: Handler = (_req, res) => (res.setHeader('content-type', 'text/html'), res.end('<html></html>'));
    for (const [mod, hsts, connect] of [
      [local, null, 'http://127.0.0.1:9099'],
      [production, 'max-age=63072000; includeSubDomains', 'https://identitytoolkit.googleapis.com'],
    ] as const) {
      const app = await serve(mod.secureResponse, handler);
      try {
        const response = await fetch(app.origin);
        expect(response.headers.get('strict-transport-security')).toBe(hsts);
        expect(response.headers.get('content-security-policy')).toContain(`connect-src 'self' ${connect}`);
      } finally {
        await app.close();
      }
    }
  });
});
