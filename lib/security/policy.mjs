// The Content-Security-Policy of the site, in plain JavaScript: Next loads the prerender cache handler
// (server/cache-handler.mjs) without compiling it, and the app's TypeScript uses the same rules
// (lib/security/csp.ts). Sources come from the process environment, read with lib/env.ts's defaults
// (lib/env.ts validates the same variables when the app builds and starts).
import { createHash } from 'node:crypto';

/** `'sha256-…'`: a CSP source that allows exactly the inline script `text`. */
export function scriptHash(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * What the Firebase JS SDK's Google sign-in (popup and redirect flows) loads into the page: Google's
 * API loader (apis.google.com/js/api.js, which loads its iframe module from the same host) and the
 * project's auth handler iframe (https://<authDomain>/__/auth/iframe). The popup and the redirect are
 * windows of their own, which a page's policy does not govern. Google's profile photos come from
 * googleusercontent.com.
 */
function googleSignInSources(authDomain) {
  return {
    frame: [`https://${authDomain}`],
    script: ['https://apis.google.com'],
    img: ['https://*.googleusercontent.com'],
  };
}

/** What a policy depends on besides a page's own scripts. */
export function policySources(source = process.env) {
  const projectId = source.FIREBASE_PROJECT_ID || 'demo-plauder';
  const emulatorHost = source.FIREBASE_AUTH_EMULATOR_HOST || null;
  const siteUrl = source.SITE_URL || '';
  const local = projectId.startsWith('demo-');
  // Locally the emulator stands in for Google without any of Google's code (components/auth/google-sign-in.tsx).
  const google = !local && !/^(false|0)$/.test(source.FIREBASE_GOOGLE_SIGN_IN ?? '');
  const firebase = {
    // Identity Toolkit (sign-in, accounts, project config) and the token service; locally the emulator.
    connect: local
      ? emulatorHost
        ? [`http://${emulatorHost}`]
        : []
      : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
    ...(google
      ? googleSignInSources(source.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`)
      : { frame: [], script: [], img: [] }),
  };
  return {
    firebase,
    https: siteUrl.startsWith('https:'),
    // React's development build evaluates code for its error overlays and call stacks.
    development: source.NODE_ENV === 'development',
  };
}

/**
 * The policy of a document. `scripts` allow its inline scripts (a nonce for a page rendered per request,
 * hashes for a prerendered one); no `unsafe-inline` script is ever allowed. `frameAncestors` defaults to
 * `'none'` (only the widget page may be framed, by its allowed origins).
 */
export function documentPolicy({ scripts, frameAncestors = "'none'", sources = policySources() }) {
  const { firebase } = sources;
  const directives = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      [...new Set(["'self'", ...scripts, ...firebase.script, ...(sources.development ? ["'unsafe-eval'"] : [])])],
    ],
    // React's style attributes (progress bars, the widget's accent colour) are inline styles.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...firebase.img]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...firebase.connect]],
    ['frame-src', ["'self'", ...firebase.frame]],
    ['frame-ancestors', [frameAncestors]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'none'"]],
    ['object-src', ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'"]],
  ];
  const policy = directives.map(([name, values]) => `${name} ${values.join(' ')}`);
  if (sources.https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Everything that is not a document (JSON, images, files): nothing may run or frame it. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const EXECUTABLE_TYPES = new Set(['text/javascript', 'module', 'application/javascript']);

/** Hashes of the executable inline scripts of an HTML document (data blocks such as JSON-LD need none). */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/(?:^|\s)src\s*=/i.test(attributes)) continue;
    const type = /(?:^|\s)type\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !EXECUTABLE_TYPES.has(type)) continue;
    hashes.add(scriptHash(text));
  }
  return [...hashes];
}

/** The policy of a prerendered document: exactly its own inline scripts, by their hashes. */
export function prerenderedPolicy(html, sources = policySources()) {
  return documentPolicy({ scripts: inlineScriptHashes(html), sources });
}
