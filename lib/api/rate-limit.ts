import 'server-only';
import { ApiError, type ApiErrorCode } from './errors';

type Buckets = { hits: Map<string, number[]>; slots: Map<string, number>; sweepAt: Map<string, number> };

// Per process, whichever bundle loads this module.
const holder = globalThis as typeof globalThis & { __rateLimits?: Buckets };
const buckets = (holder.__rateLimits ??= { hits: new Map(), slots: new Map(), sweepAt: new Map() });

/**
 * Counts one use of `key` in `bucket`: at most `max` in any `windowMs`; beyond that an ApiError `code`
 * (a 429) saying when to retry. Keys must be what the client cannot choose (a signed id, the address).
 */
export function takeAllowance(bucket: string, key: string, max: number, windowMs: number, code: ApiErrorCode = 'rateLimited', now = Date.now()): void {
  if (now >= (buckets.sweepAt.get(bucket) ?? 0)) {
    const prefix = `${bucket}\u0000`;
    for (const [name, hits] of buckets.hits) if (name.startsWith(prefix) && hits[hits.length - 1] <= now - windowMs) buckets.hits.delete(name);
    buckets.sweepAt.set(bucket, now + windowMs);
  }
  const name = `${bucket}\u0000${key}`;
  const hits = (buckets.hits.get(name) ?? []).filter((at: number) => at > now - windowMs);
  if (hits.length >= max) {
    buckets.hits.set(name, hits);
    throw new ApiError(code, undefined, Math.max(1, Math.ceil((hits[0] + windowMs - now) / 1000)));
  }
  hits.push(now);
  buckets.hits.set(name, hits);
}

/** Opens one of at most `max` concurrent slots of `key`; returns its release (idempotent), or throws `code`. */
export function takeSlot(bucket: string, key: string, max: number, code: ApiErrorCode): () => void {
  const name = `${bucket}\u0000${key}`;
  const open = buckets.slots.get(name) ?? 0;
  if (open >= max) throw new ApiError(code, undefined, 10);
  buckets.slots.set(name, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (buckets.slots.get(name) ?? 1) - 1;
    if (left > 0) buckets.slots.set(name, left);
    else buckets.slots.delete(name);
  };
}
