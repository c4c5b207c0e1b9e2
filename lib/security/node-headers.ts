import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { env } from '@/lib/env';
import { createNonce, documentPolicy, frameAncestorsOf, inlineScriptHashes, RESOURCE_POLICY } from './csp';

const HSTS = 'max-age=63072000; includeSubDomains';

type Chunk = string | Buffer | Uint8Array;
type Callback = (error?: Error | null) => void;

function toBuffer(chunk: Chunk | null | undefined, encoding?: BufferEncoding): Buffer {
  if (chunk === undefined || chunk === null) return Buffer.alloc(0);
  return typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);
}

/**
 * The Content-Security-Policy (and HSTS) of every answer of `npm start`'s server (scripts/server.mjs).
 *
 * - A page rendered for this request: a fresh nonce, handed to Next in the request's own policy header
 *   (Next puts it on every script it renders) and sent in the answer's policy.
 * - A prerendered page (landing page, product pages: served from the cache, x-nextjs-cache): its HTML
 *   was rendered once for everybody, so no per-request nonce can be in it. Its answer is held until
 *   complete and its policy allows exactly the inline scripts it contains, by their sha256 hashes, so
 *   the page stays static and still runs no script it does not carry.
 * - Anything else (JSON, images, files): `default-src 'none'`.
 *
 * A policy already set by the proxy (the widget page's allowed frame ancestors) keeps its
 * frame-ancestors. Runs in front of the compression, so the HTML is hashed as Next wrote it.
 */
export function secureResponse(req: IncomingMessage, res: ServerResponse): void {
  const nonce = createNonce();
  // Whatever the client sent under this name is replaced: only the server chooses the nonce.
  req.headers['content-security-policy'] = documentPolicy({ scripts: [`'nonce-${nonce}'`] });
  if (env.nodeEnv === 'production' && env.siteUrl.startsWith('https:')) res.setHeader('Strict-Transport-Security', HSTS);

  type Variadic<T> = (this: ServerResponse, ...args: unknown[]) => T;
  const original = {
    write: res.write as Variadic<boolean>,
    end: res.end as Variadic<ServerResponse>,
    flushHeaders: res.flushHeaders,
    writeHead: res.writeHead as Variadic<ServerResponse>,
  };
  let mode: 'pass' | 'hold' | undefined;
  let frameAncestors: string | undefined;
  let releasing = false;
  const held: Buffer[] = [];

  const decide = () => {
    if (mode) return mode;
    // A 304 keeps the policy the browser stored with the page (browsers update stored headers from a
    // 304: one of `default-src 'none'` would break the cached page); a HEAD answer has no body to hash.
    if (res.statusCode === 304 || req.method === 'HEAD') return (mode = 'pass');
    const type = String(res.getHeader('content-type') ?? '');
    const existing = res.getHeader('content-security-policy');
    frameAncestors = frameAncestorsOf(typeof existing === 'string' ? existing : undefined);
    if (!type.startsWith('text/html')) {
      if (!existing) res.setHeader('Content-Security-Policy', RESOURCE_POLICY);
      return (mode = 'pass');
    }
    if (res.hasHeader('x-nextjs-cache') || res.hasHeader('x-nextjs-prerender')) return (mode = 'hold');
    res.setHeader('Content-Security-Policy', documentPolicy({ scripts: [`'nonce-${nonce}'`], frameAncestors }));
    return (mode = 'pass');
  };

  // Headers given to writeHead become ordinary headers, so that the policy can still be added; a held
  // answer writes its head only when it is released (Node calls writeHead itself then).
  res.writeHead = function writeHead(this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    this.statusCode = statusCode;
    if (typeof rest[0] === 'string') this.statusMessage = rest.shift() as string;
    const headers = rest[0];
    if (Array.isArray(headers)) {
      // [[name, value], …] or [name, value, name, value, …]; a repeated name keeps every value.
      const pairs: Array<[string, string]> = Array.isArray(headers[0])
        ? (headers as Array<[string, string]>).map(([name, value]) => [String(name), String(value)])
        : Array.from({ length: Math.floor(headers.length / 2) }, (_, i) => [String(headers[2 * i]), String(headers[2 * i + 1])]);
      for (const name of new Set(pairs.map(([name]) => name))) this.removeHeader(name);
      for (const [name, value] of pairs) this.appendHeader(name, value);
    } else if (headers && typeof headers === 'object') {
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) this.setHeader(name, value as string);
    }
    if (decide() === 'hold' && !releasing) return this;
    return original.writeHead.call(this, this.statusCode);
  } as ServerResponse['writeHead'];

  res.flushHeaders = function flushHeaders(this: ServerResponse) {
    if (decide() === 'pass') original.flushHeaders.call(this);
  };

  res.write = function write(this: ServerResponse, chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) {
    if (decide() === 'pass' || releasing) return original.write.call(this, chunk, encoding, callback);
    held.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  } as ServerResponse['write'];

  res.end = function end(this: ServerResponse, chunk?: Chunk | Callback, encoding?: BufferEncoding | Callback, callback?: Callback) {
    if (decide() === 'pass' || releasing) return original.end.call(this, chunk, encoding, callback);
    if (typeof chunk === 'function') [chunk, callback] = [undefined, chunk];
    const done = typeof encoding === 'function' ? encoding : callback;
    held.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
    const body = Buffer.concat(held);
    this.setHeader('Content-Security-Policy', documentPolicy({ scripts: inlineScriptHashes(body.toString('utf8')), frameAncestors }));
    releasing = true;
    // The compression in front takes no callback; 'finish' is when the answer is handed over.
    if (done) this.once('finish', () => done());
    return original.end.call(this, body);
  } as ServerResponse['end'];
}

/** Offers secureResponse to scripts/server.mjs (called from instrumentation.ts). */
export function registerSecurityHeaders(): void {
  (globalThis as typeof globalThis & { __secureResponse?: typeof secureResponse }).__secureResponse = secureResponse;
}
