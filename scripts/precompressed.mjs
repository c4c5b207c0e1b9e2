// Answers Next serves from its prerender cache (x-nextjs-cache: the landing and product pages, their
// router payloads) are the same bytes for everyone until the next render: they are compressed once per
// render (keyed by Next's ETag of them), with brotli and gzip at their best quality, and those bytes are
// served. A render's first answers go out as the on-the-fly compression makes them while its best
// versions are made in the background. Used by scripts/server.mjs, outside the compression (which adds
// `Vary: Accept-Encoding` and leaves an answer alone that is encoded already).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Renders kept (each an ETag's brotli and gzip bytes); the oldest goes first. */
const LIMIT = 256;
const ready = new Map();
const pending = new Set();

async function precompress(etag, body) {
  pending.add(etag);
  try {
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    ready.set(etag, { br, gzip: gz });
    if (ready.size > LIMIT) ready.delete(ready.keys().next().value);
  } finally {
    pending.delete(etag);
  }
}

/** The encoding a client takes that we keep: brotli first. */
function accepted(header = '') {
  const offered = new Map(
    header.split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return [name, q === undefined ? 1 : Number(q)];
    }),
  );
  return ['br', 'gzip'].find((name) => (offered.get(name) ?? offered.get('*') ?? 0) > 0) ?? null;
}

/** Serves a prerendered answer's best compressed bytes when they are ready, else prepares them. */
export function servePrecompressed(req, res) {
  if (req.method !== 'GET') return;
  const end = res.end;
  res.end = function precompressedEnd(chunk, ...rest) {
    const etag = res.getHeader('etag');
    const body = typeof chunk === 'string' || chunk instanceof Uint8Array ? chunk : null;
    if (res.headersSent || res.statusCode !== 200 || !etag || !body || !res.hasHeader('x-nextjs-cache')) return end.call(this, chunk, ...rest);
    const encoding = accepted(req.headers['accept-encoding']);
    const bytes = encoding && ready.get(etag)?.[encoding];
    if (bytes) {
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', bytes.length);
      const callback = rest.find((arg) => typeof arg === 'function');
      return end.call(this, bytes, callback);
    }
    if (!ready.has(etag) && !pending.has(etag)) void precompress(etag, Buffer.from(body)).catch(() => {});
    return end.call(this, chunk, ...rest);
  };
}
