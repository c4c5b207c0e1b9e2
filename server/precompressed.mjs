// Answers Next serves from its prerender cache (x-nextjs-cache: the landing and product pages, their
// router payloads) are the same bytes for everyone until the next render: they are tagged (ETag, and a
// matching If-None-Match is answered 304) and compressed once per render, with brotli and gzip at their
// best quality, and those bytes are served. Next's own ETag is off under this server: it hashed the
// whole page in JavaScript on every answer (a fifth of the landing page's CPU; npm run bench). A render's
// first answers go out as the on-the-fly compression makes them while its best versions are made in the
// background. Used by server/server.mjs, outside the compression (which adds `Vary: Accept-Encoding`
// and leaves an answer alone that is encoded already).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
/** Brotli's and gzip's best quality (`bytes`: what is compressed, its size a hint to brotli). */
export const bestBrotli = (bytes) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
});
export const BEST_GZIP = { level: constants.Z_BEST_COMPRESSION };
const gzipped = promisify(gzip);
/** Renders kept (each an ETag's brotli and gzip bytes); the oldest goes first. */
const LIMIT = 256;
const ready = new Map();
const pending = new Set();
// A render's body (the same string Next keeps for it, whose hash V8 keeps too) → its ETag.
const tags = new Map();
const tagsOfBytes = new WeakMap();

function etagOf(body) {
  const known = typeof body === 'string' ? tags.get(body) : tagsOfBytes.get(body);
  if (known) return known;
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  if (typeof body !== 'string') tagsOfBytes.set(body, etag);
  else if (tags.set(body, etag).size > LIMIT) tags.delete(tags.keys().next().value);
  return etag;
}

/** Whether the client holds this render already (If-None-Match, unless it asked not to be answered from a cache). */
function holds(req, etag) {
  const header = req.headers['if-none-match'];
  if (!header || /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(req.headers['cache-control'] ?? '')) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

async function precompress(etag, body) {
  pending.add(etag);
  try {
    const [br, gz] = await Promise.all([brotli(body, bestBrotli(body)), gzipped(body, BEST_GZIP)]);
    ready.set(etag, { br, gzip: gz });
    if (ready.size > LIMIT) ready.delete(ready.keys().next().value);
  } finally {
    pending.delete(etag);
  }
}

/** The encoding a client prefers among those we keep (`names`), by its q-values: brotli on a tie. */
export function accepted(header = '', names = ['br', 'gzip']) {
  const offered = new Map(
    header.split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return [name, q === undefined ? 1 : Number(q)];
    }),
  );
  const weight = (name) => offered.get(name) ?? offered.get('*') ?? 0;
  const [best] = ['br', 'gzip']
    .filter((name) => names.includes(name) && weight(name) > 0)
    .sort((a, b) => weight(b) - weight(a));
  return best ?? null;
}

/** Tags a prerendered answer, and serves its best compressed bytes when they are ready, else prepares them. */
export function servePrecompressed(req, res) {
  if (req.method !== 'GET') return;
  const end = res.end;
  res.end = function precompressedEnd(chunk, ...rest) {
    const body = typeof chunk === 'string' || chunk instanceof Uint8Array ? chunk : null;
    if (res.headersSent || res.statusCode !== 200 || !body || !res.hasHeader('x-nextjs-cache'))
      return end.call(this, chunk, ...rest);
    const etag = etagOf(body);
    res.setHeader('ETag', etag);
    const callback = rest.find((arg) => typeof arg === 'function');
    if (holds(req, etag)) {
      res.statusCode = 304;
      for (const name of ['Content-Length', 'Content-Encoding']) res.removeHeader(name);
      return end.call(this, callback);
    }
    const encoding = accepted(req.headers['accept-encoding']);
    const bytes = encoding && ready.get(etag)?.[encoding];
    if (bytes) {
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', bytes.length);
      return end.call(this, bytes, callback);
    }
    if (!ready.has(etag) && !pending.has(etag)) void precompress(etag, Buffer.from(body)).catch(() => {});
    return end.call(this, chunk, ...rest);
  };
}
