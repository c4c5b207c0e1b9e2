import { createHash } from 'node:crypto';

/** How long an identical submission without a key counts as the same one. */
const WINDOW_MS = 60_000;

/**
 * The key that makes a submission idempotent: the client's own (a UUID sent by the form, or the
 * `Idempotency-Key` header), else a fingerprint of the author and the content within one minute, so a
 * double submit finds the first record instead of creating a second.
 */
export function requestKey(
  clientKey: string | null | undefined,
  author: string,
  content: unknown,
  now = Date.now(),
): string {
  if (clientKey) return `key:${clientKey}`;
  const digest = createHash('sha256')
    .update(JSON.stringify([author, content]))
    .digest('base64url');
  return `fp:${digest}:${Math.floor(now / WINDOW_MS)}`;
}
