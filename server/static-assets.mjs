// The build's hashed assets (`.next/static`: the pages' scripts and stylesheet) compressed once, at their
// best, when the app is built, instead of on every answer at a quick level: brotli at quality 11 is about
// 15 % smaller than what the on-the-fly compression sends (the landing page's 196 KB of scripts and
// stylesheet), and the server spends no CPU on it while a page loads. `npm start`'s server swaps them in
// for the body of Next's own answer (server/server.mjs); `next start` and `npm run dev` do without them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { accepted, BEST_GZIP, bestBrotli } from './precompressed.mjs';

/** Text the browser fetches from `.next/static`; the rest (images, the server's WebAssembly) is left alone. */
const TEXT = /\.(?:js|css|svg|json|txt)$/;
/** Each encoding's file beside the asset. */
const SUFFIX = { br: '.br', gzip: '.gz' };

function files(dir) {
  return (
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      // `parentPath` from Node 20.12, `path` before it.
      .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
  );
}

/** Writes each text asset's brotli and gzip beside it (`.br`, `.gz`), where they are smaller. Answers how many. */
export function precompressStaticAssets(buildDir) {
  let count = 0;
  for (const file of files(join(buildDir, 'static')).filter((path) => TEXT.test(path))) {
    const raw = readFileSync(file);
    const encoded = { br: brotliCompressSync(raw, bestBrotli(raw)), gzip: gzipSync(raw, BEST_GZIP) };
    for (const [encoding, bytes] of Object.entries(encoded)) {
      if (bytes.length < raw.length) writeFileSync(file + SUFFIX[encoding], bytes);
    }
    count++;
  }
  return count;
}

/**
 * The swap for a build's static assets: Next answers a request as it always does (status, caching and
 * security headers, 304 and 404), and when that answer is a 200 and the client takes an encoding the
 * build prepared, its body is those bytes. Range requests keep Next's answer. The prepared bytes are read
 * once, at start (about 0.7 MB for this app).
 */
export function staticAssets(buildDir) {
  const staticDir = join(buildDir, 'static');
  /** URL path → the asset's size and its prepared bytes by encoding. */
  const prepared = new Map();
  let found = [];
  try {
    found = files(staticDir);
  } catch {
    // No build output to serve.
  }
  for (const file of found) {
    const encoding = Object.keys(SUFFIX).find((name) => file.endsWith(SUFFIX[name]));
    if (!encoding) continue;
    const asset = file.slice(0, -SUFFIX[encoding].length);
    const path = `/_next/static/${relative(staticDir, asset).split(sep).join('/')}`;
    const known = prepared.get(path) ?? { size: statSync(asset).size, encodings: {} };
    known.encodings[encoding] = readFileSync(file);
    prepared.set(path, known);
  }

  return function servePrepared(req, res) {
    if (!req.url.startsWith('/_next/static/') || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range)
      return;
    const asset = prepared.get(req.url.split('?')[0]);
    if (!asset) return;
    const encoding = accepted(req.headers['accept-encoding'], Object.keys(asset.encodings));
    if (!encoding) return;
    const bytes = asset.encodings[encoding];
    const { write, end } = res;
    /** Decided when Next first writes: only its full answer of this very file (a 200 of its size) is swapped. */
    let swapped;
    const swap = () => {
      if (swapped !== undefined) return swapped;
      swapped = !res.headersSent && res.statusCode === 200 && Number(res.getHeader('Content-Length')) === asset.size;
      if (swapped) {
        res.setHeader('Content-Encoding', encoding);
        res.setHeader('Content-Length', bytes.length);
        // Its ranges are of the file as it is (a range request gets Next's answer).
        res.removeHeader('Accept-Ranges');
      }
      return swapped;
    };
    res.write = function preparedWrite(chunk, ...rest) {
      if (!swap()) return write.call(this, chunk, ...rest);
      // Next's file stream: its bytes are replaced by the prepared ones at the end.
      const callback = rest.find((arg) => typeof arg === 'function');
      if (callback) process.nextTick(callback);
      return true;
    };
    res.end = function preparedEnd(chunk, ...rest) {
      if (!swap()) return end.call(this, chunk, ...rest);
      if (res.statusCode !== 200 && !res.headersSent) {
        // Next failed while reading the file, and answers with its error page instead.
        for (const name of ['Content-Encoding', 'Content-Length']) res.removeHeader(name);
        return end.call(this, chunk, ...rest);
      }
      const callback = rest.find((arg) => typeof arg === 'function');
      return end.call(this, req.method === 'HEAD' ? undefined : bytes, callback);
    };
  };
}
