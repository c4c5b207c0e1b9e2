import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { env } from '@/lib/env';
import { THEME_SCRIPT } from '@/lib/theme-script';

/** `'sha256-…'`: a CSP source that allows exactly the inline script `text`. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** A fresh nonce for one response. */
export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

const THEME_SCRIPT_HASH = scriptHash(THEME_SCRIPT);

/** Where the browser's Firebase Auth SDK talks to: the local emulator, or Google's endpoints and the project's auth domain. */
function firebaseSources() {
  const { mode, emulatorHost, authDomain } = env.firebase;
  if (mode === 'emulator') {
    return { connect: emulatorHost ? [`http://${emulatorHost}`] : [], frame: [], script: [], img: [] };
  }
  return {
    connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
    // Sign-in with Google opens the project's auth handler and loads Google's API script.
    frame: [`https://${authDomain}`],
    script: ['https://apis.google.com'],
    img: ['https://*.googleusercontent.com'],
  };
}

/**
 * The Content-Security-Policy of a document. `scripts` allow its inline scripts (a nonce for a page
 * rendered per request, hashes for a prerendered one); no `unsafe-inline` script is ever allowed.
 * `frameAncestors` defaults to `'none'` (only the widget page may be framed, by its allowed origins).
 */
export function documentPolicy({ scripts, frameAncestors = "'none'" }: { scripts: string[]; frameAncestors?: string }): string {
  const firebase = firebaseSources();
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', [...new Set(["'self'", THEME_SCRIPT_HASH, ...scripts, ...firebase.script])]],
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
  const policy = directives.map(([name, sources]) => `${name} ${sources.join(' ')}`);
  if (env.siteUrl.startsWith('https:')) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Everything that is not a document (JSON, images, files): nothing may run or frame it. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** Hashes of the executable inline scripts of an HTML document (data blocks such as JSON-LD need none). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/(?:^|\s)src\s*=/i.test(attributes)) continue;
    const type = /(?:^|\s)type\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'text/javascript' && type !== 'module' && type !== 'application/javascript') continue;
    hashes.add(scriptHash(text));
  }
  return [...hashes];
}

/** The `frame-ancestors` sources of a policy (the proxy's, for the widget page), if it names them. */
export function frameAncestorsOf(policy: string | undefined): string | undefined {
  return policy
    ?.split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors '))
    ?.slice('frame-ancestors '.length);
}
