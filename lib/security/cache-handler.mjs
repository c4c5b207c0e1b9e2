// Next's prerender cache (files under .next/server, an in-memory copy in front), which also gives every
// prerendered page its Content-Security-Policy: a page rendered once for everybody cannot carry a
// per-request nonce, so its policy allows exactly its own inline scripts by their sha256 hashes. The
// hashes are taken once per render (when Next stores the page: the build, each revalidation) and once
// when this process first reads a page the build wrote, and travel with the page as one of its stored
// headers, which Next sends with every answer of it under any launcher (npm start, next start). A page
// that renders the 404 page (a product that does not exist) is stored with status 404: a page's
// notFound() would leave the 404 page's text to the browser (vercel/next.js#62228).
// Configured as `cacheHandler` in next.config.ts.
import fileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import { policySources, prerenderedPolicy } from './policy.mjs';

// A CommonJS module: its class is the `default` export of what the import answers.
const FileSystemCache = fileSystemCache.default ?? fileSystemCache;

const POLICY_HEADER = 'content-security-policy';
// What components/errors/error-view.tsx writes for the 404 page (React escapes quotes in any text).
const NOT_FOUND_PAGE = '<section data-error-variant="not-found"';
// Pages given their policy by this process (a policy read from disk may name another process's
// emulator address or configuration: it is taken again once per process).
const secured = new WeakSet();
let sources;

function secure(value) {
  if (value?.kind !== 'APP_PAGE' || typeof value.html !== 'string' || secured.has(value)) return;
  sources ??= policySources();
  value.headers = { ...value.headers, [POLICY_HEADER]: prerenderedPolicy(value.html, sources) };
  secured.add(value);
}

export default class PrerenderCache extends FileSystemCache {
  async get(key, context) {
    const entry = await super.get(key, context);
    secure(entry?.value);
    return entry;
  }

  async set(key, data, context) {
    secure(data);
    if (data?.kind === 'APP_PAGE' && typeof data.html === 'string' && data.html.includes(NOT_FOUND_PAGE)) data.status = 404;
    return super.set(key, data, context);
  }
}
