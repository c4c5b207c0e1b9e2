import { documentPolicy, policySources, scriptHash } from './policy.mjs';
import { HEAD_SCRIPT } from '@/lib/head-script';

export { inlineScriptHashes, prerenderedPolicy, RESOURCE_POLICY, scriptHash } from './policy.mjs';

const HEAD_SCRIPT_HASH = scriptHash(HEAD_SCRIPT);
let sources: ReturnType<typeof policySources> | undefined;

/** A fresh nonce for one response (16 random bytes; Web Crypto, so the proxy can use it too). */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The policy of a page rendered for this request: its scripts carry `nonce` (Next reads it from the
 * request's policy header); the head script (theme, session hint) runs before the first paint and is
 * allowed by its hash.
 */
export function noncePolicy(nonce: string, frameAncestors?: string): string {
  return scriptPolicy([`'nonce-${nonce}'`, HEAD_SCRIPT_HASH], frameAncestors);
}

/** The policy of a document whose scripts `scripts` allows (nonces or hashes; lib/widgets/launcher.ts). */
export function scriptPolicy(scripts: string[], frameAncestors?: string): string {
  sources ??= policySources();
  return documentPolicy({ scripts, frameAncestors, sources });
}
