// Headers that do not depend on the request (next.config.ts). A document's Content-Security-Policy
// does: the proxy gives a page rendered per request a nonce (proxy.ts), the prerender cache gives a
// prerendered page the hashes of its scripts (server/cache-handler.mjs).
import { RESOURCE_POLICY } from './policy.mjs';

/** Features no page of the site uses; `payment` and `fullscreen` stay with the site itself. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'usb=()',
  'browsing-topics=()',
  'payment=(self)',
  'fullscreen=(self)',
].join(', ');

const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Paths that never answer a document: the JSON API, build files, images (the product's pictures), sounds,
 * sitemaps, robots.txt,
 * embed.js.
 * The checkout's return is the API's one document (a redirect, or a small error page that sets a
 * policy of its own: lib/errors/message-page.ts).
 */
const RESOURCES = [
  '/api/:path((?!checkout/return$).*)',
  '/_next/:path*',
  '/og/:path*',
  '/builds/:path*',
  '/screenshots/:path*',
  '/sounds/:path*',
  '/:file([^/]+\\.(?:xml|txt|svg|png|ico|js))',
];

/** `hsts`: production on https (a browser then never asks for the site over http again). */
export function securityHeaders({ hsts }: { hsts: boolean }) {
  return [
    {
      source: '/:path*',
      headers: [
        { key: 'X-Content-Type-Options', value: 'nosniff' },
        { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
        { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
        ...(hsts ? [{ key: 'Strict-Transport-Security', value: HSTS }] : []),
      ],
    },
    // Nothing may run in or frame what is not a page.
    ...RESOURCES.map((source) => ({ source, headers: [{ key: 'Content-Security-Policy', value: RESOURCE_POLICY }] })),
    // A host page isolated with Cross-Origin-Embedder-Policy: require-corp loads the snippet and frames the widget
    // only when they say it may; the framed documents then run under the same policy (all they load is this site's).
    { source: '/embed.js', headers: [{ key: 'Cross-Origin-Resource-Policy', value: 'cross-origin' }] },
    {
      source: '/embed/:path*',
      headers: [
        { key: 'Cross-Origin-Resource-Policy', value: 'cross-origin' },
        { key: 'Cross-Origin-Embedder-Policy', value: 'require-corp' },
      ],
    },
    // The site's icons change with a deployment at most; pages name them with their content hash.
    {
      source: '/:icon(icon\\.svg|favicon\\.ico)',
      headers: [{ key: 'Cache-Control', value: 'public, max-age=86400, stale-while-revalidate=604800' }],
    },
    // As long as the sitemaps it names (lib/seo/sitemap.ts); Next's own for it has a CDN ask every time.
    { source: '/robots.txt', headers: [{ key: 'Cache-Control', value: 'public, max-age=3600' }] },
  ];
}
