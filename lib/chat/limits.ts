import 'server-only';
import { takeAllowance, takeAllowances, takeSlot } from '@/lib/api/rate-limit';
import { env } from '@/lib/env';

/**
 * Counts a message of `poster` (a user id, a guest's address, a visitor's signed id with the address):
 * at most `CHAT_POSTS_PER_WINDOW` in any `CHAT_POST_WINDOW_MS`; beyond that a 429 saying when to retry.
 */
export function takePostAllowance(poster: string, now = Date.now()): void {
  takeAllowance('posts', poster, env.chat.postsPerWindow, env.chat.postWindowMs, 'rateLimited', now);
}

/**
 * Counts a message of a widget's visitor: keyed by their signed id with the client address, and all
 * visitors of one address together at four times the allowance, so that starting new visitors does not
 * reset it either (a new visitor per address is limited as well: CHAT_VISITORS_PER_HOUR).
 */
export function takeVisitorPostAllowance(visitorId: string, address: string, now = Date.now()): void {
  const { postsPerWindow, postWindowMs } = env.chat;
  takeAllowances(
    [
      { bucket: 'posts', key: `visitor:${visitorId}@${address}`, max: postsPerWindow, windowMs: postWindowMs },
      { bucket: 'address-posts', key: address, max: postsPerWindow * 4, windowMs: postWindowMs },
    ],
    'rateLimited',
    now,
  );
}

/**
 * Opens an event-stream slot for `address` (at most `CHAT_STREAMS_PER_IP`, the chat's and the
 * conversations' together); returns its release, or throws 429.
 */
export function takeStreamSlot(address: string): () => void {
  return takeSlot('streams', address, env.chat.streamsPerIp, 'tooManyStreams');
}
