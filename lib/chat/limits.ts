import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { env } from '@/lib/env';

type Limits = { posts: Map<string, number[]>; streams: Map<string, number>; sweepAt: number };

// Per process, whichever bundle loads this module.
const holder = globalThis as typeof globalThis & { __chatLimits?: Limits };
const limits = (holder.__chatLimits ??= { posts: new Map(), streams: new Map(), sweepAt: 0 });

/**
 * Counts a message of `poster` (a user id, or a guest's address and cookie): at most
 * `CHAT_POSTS_PER_WINDOW` in any `CHAT_POST_WINDOW_MS`; beyond that a 429 saying when to retry.
 */
export function takePostAllowance(poster: string, now = Date.now()): void {
  const { postsPerWindow, postWindowMs } = env.chat;
  if (now >= limits.sweepAt) {
    for (const [key, hits] of limits.posts) if (hits[hits.length - 1] <= now - postWindowMs) limits.posts.delete(key);
    limits.sweepAt = now + postWindowMs;
  }
  const hits = (limits.posts.get(poster) ?? []).filter((at: number) => at > now - postWindowMs);
  if (hits.length >= postsPerWindow) {
    limits.posts.set(poster, hits);
    throw new ApiError('rateLimited', undefined, Math.max(1, Math.ceil((hits[0] + postWindowMs - now) / 1000)));
  }
  hits.push(now);
  limits.posts.set(poster, hits);
}

/** Opens a stream slot for `address` (at most `CHAT_STREAMS_PER_IP`); returns its release, or throws 429. */
export function takeStreamSlot(address: string): () => void {
  const open = limits.streams.get(address) ?? 0;
  if (open >= env.chat.streamsPerIp) throw new ApiError('tooManyStreams', undefined, 10);
  limits.streams.set(address, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (limits.streams.get(address) ?? 1) - 1;
    if (left > 0) limits.streams.set(address, left);
    else limits.streams.delete(address);
  };
}
