import 'server-only';
import { ApiError, type ApiErrorCode } from './errors';

type Buckets = { hits: Map<string, number[]>; slots: Map<string, number>; sweepAt: Map<string, number> };

// Per process, whichever bundle loads this module.
const holder = globalThis as typeof globalThis & { __rateLimits?: Buckets };
const buckets = (holder.__rateLimits ??= { hits: new Map(), slots: new Map(), sweepAt: new Map() });

export type Allowance = { bucket: string; key: string; max: number; windowMs: number };

function recentHits({ bucket, key, windowMs }: Allowance, now: number): number[] {
  if (now >= (buckets.sweepAt.get(bucket) ?? 0)) {
    const prefix = `${bucket}\u0000`;
    for (const [name, hits] of buckets.hits)
      if (name.startsWith(prefix) && hits[hits.length - 1] <= now - windowMs) buckets.hits.delete(name);
    buckets.sweepAt.set(bucket, now + windowMs);
  }
  return (buckets.hits.get(`${bucket}\u0000${key}`) ?? []).filter((at: number) => at > now - windowMs);
}

/**
 * Counts one use against every allowance (at most `max` in any `windowMs` of its bucket and key), or
 * none when any is used up: then an ApiError `code` (a 429) saying when to retry. Keys must be what the
 * client cannot choose (a signed id, the address).
 */
export function takeAllowances(allowances: Allowance[], code: ApiErrorCode = 'rateLimited', now = Date.now()): void {
  const hits = allowances.map((allowance) => recentHits(allowance, now));
  let wait = 0;
  allowances.forEach((allowance, i) => {
    if (hits[i].length >= allowance.max) wait = Math.max(wait, hits[i][0] + allowance.windowMs - now);
  });
  if (wait > 0) throw new ApiError(code, undefined, Math.max(1, Math.ceil(wait / 1000)));
  allowances.forEach((allowance, i) =>
    buckets.hits.set(`${allowance.bucket}\u0000${allowance.key}`, [...hits[i], now]),
  );
}

/** One allowance: `takeAllowances` with a single bucket. */
export function takeAllowance(
  bucket: string,
  key: string,
  max: number,
  windowMs: number,
  code: ApiErrorCode = 'rateLimited',
  now = Date.now(),
): void {
  takeAllowances([{ bucket, key, max, windowMs }], code, now);
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
