import type { NextConfig } from 'next';
import { PHASE_DEVELOPMENT_SERVER } from 'next/constants';
import createNextIntlPlugin from 'next-intl/plugin';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { env } from './lib/env';
import { landingHeaders, landingRedirects, landingRewrites } from './lib/i18n/landing-routes';
import { securityHeaders } from './lib/security/static-headers';

// One id per build: the server answers it at /builds/latest.json and the browser compares it with the
// id compiled into its bundle to offer a reload after a deployment.
const buildId = process.env.BUILD_ID || `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
const buildTime = new Date().toISOString();

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // npm start's server compresses and tags prerendered answers, once per render (server/precompressed.mjs).
  compress: !process.env.PLAUDER_SERVER,
  generateEtags: !process.env.PLAUDER_SERVER,
  reactStrictMode: true,
  // How long a prerendered page may be served stale (by the server while it renders again, and by a CDN
  // in front: `stale-while-revalidate` is this minus the page's `revalidate`). A failed render keeps the
  // last good page and starts this time again, so a page stays up while the database is away.
  expireTime: 7 * 24 * 60 * 60,
  // The prerender cache, which also gives each prerendered page the policy of its own scripts.
  cacheHandler: join(process.cwd(), 'server', 'cache-handler.mjs'),
  generateBuildId: async () => buildId,
  // Unknown addresses get app/global-not-found.tsx, rendered on the server for the request (its language
  // and path), without being part of every other page (see that file).
  experimental: { globalNotFound: true },
  async rewrites() {
    // After the file system check: measured cheaper than beforeFiles for `/` (npm run bench).
    return { beforeFiles: [], afterFiles: landingRewrites(), fallback: [] };
  },
  redirects: async () => landingRedirects(),
  headers: async () => [
    ...securityHeaders({ hsts: env.nodeEnv === 'production' && env.siteUrl.startsWith('https:') }),
    ...landingHeaders(),
  ],
  env: {
    NEXT_PUBLIC_BUILD_ID: buildId,
    BUILD_TIME: buildTime,
    // The public origin the build's prerendered pages name (server/cache-handler.mjs).
    BUILD_SITE_URL: env.siteUrl,
    NEXT_PUBLIC_COOKIE_SECURE: String(env.cookieSecure),
    NEXT_PUBLIC_VERSION_POLL_INTERVAL_MS: String(env.versionPollIntervalMs),
  },
};

export default function config(phase: string): NextConfig {
  // `next dev` on its own would serve the landing pages without their Content-Security-Policy: in
  // development they render per request, and only `npm run dev`'s server routes them through the proxy.
  if (phase === PHASE_DEVELOPMENT_SERVER && !process.env.PLAUDER_SERVER) {
    throw new Error('Start the development server with `npm run dev` (server/server.mjs --dev), not `next dev` alone.');
  }
  return withNextIntl(nextConfig);
}
