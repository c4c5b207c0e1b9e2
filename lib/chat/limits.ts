import 'server-only';
import type { Executor } from '@/lib/db/types';
import { takeAllowance, takeAllowances } from '@/lib/limits/allowances';
import { takeSlot } from '@/lib/limits/leases';
import { env } from '@/lib/env';

/**
 * Counts a message of `poster` (a user id, a guest's address): at most `CHAT_POSTS_PER_WINDOW` in a
 * `CHAT_POST_WINDOW_MS` window; beyond that a 429 saying when to retry.
 */
export function takePostAllowance(poster: string): Promise<void> {
  return takeAllowance('posts', poster, env.chat.postsPerWindow, env.chat.postWindowMs, 'rateLimited');
}

/**
 * Counts a message of a widget's visitor: keyed by their signed id with the client address, and all
 * visitors of one address on that widget together at four times the allowance, so that starting new
 * visitors does not reset it either (new visitors are limited as well: `takeNewVisitorAllowance`).
 * Another widget's visitors at the same address count apart.
 */
export function takeVisitorPostAllowance(
  widgetId: string,
  visitorId: string,
  address: string,
  executor?: Pick<Executor, 'execute'>,
): Promise<void> {
  const { postsPerWindow, postWindowMs } = env.chat;
  return takeAllowances(
    [
      { bucket: 'posts', key: `visitor:${visitorId}@${address}`, max: postsPerWindow, windowMs: postWindowMs },
      { bucket: 'address-posts', key: `${widgetId}@${address}`, max: postsPerWindow * 4, windowMs: postWindowMs },
    ],
    'rateLimited',
    executor,
  );
}

/** Typing signals one sender may send in one conversation per window (each is a NOTIFY every instance hears). */
export const TYPING_PER_WINDOW = 10;
export const TYPING_WINDOW_MS = 5_000;

/**
 * Counts a typing signal: a few a second per conversation and side (the composer sends one every 2.5 s
 * while its user types, and one when they stop or send), and four times that for all conversations of a
 * visitor's address on the widget, or of an operator. Beyond it a 429; the composer ignores the refusal
 * and the other side's indicator ends by itself.
 */
export function takeTypingAllowance(
  conversationId: string,
  sender: { side: 'visitor'; widgetId: string; address: string } | { side: 'operator'; uid: string },
): Promise<void> {
  const everywhere = sender.side === 'visitor' ? `${sender.widgetId}@${sender.address}` : `operator:${sender.uid}`;
  return takeAllowances(
    [
      { bucket: 'typing', key: `${conversationId}:${sender.side}`, max: TYPING_PER_WINDOW, windowMs: TYPING_WINDOW_MS },
      { bucket: 'typing-senders', key: everywhere, max: TYPING_PER_WINDOW * 4, windowMs: TYPING_WINDOW_MS },
    ],
    'rateLimited',
  );
}

/**
 * Counts a new visitor of a widget from `address`: at most the widget's own ceiling an hour (its
 * owner's setting, else `CHAT_VISITORS_PER_HOUR`), so that a busy widget never stops another's.
 */
export function takeNewVisitorAllowance(
  widget: { id: string; visitorsPerHour: number | null },
  address: string,
): Promise<void> {
  const max = widget.visitorsPerHour ?? env.chat.visitorsPerHour;
  return takeAllowance('visitors', `${widget.id}@${address}`, max, 60 * 60 * 1000, 'tooManyVisitors');
}

/**
 * Opens an event-stream slot of `address` for the lobby and the inbox (at most `CHAT_STREAMS_PER_IP`
 * together); answers its release, or throws 429.
 */
export function takeStreamSlot(address: string): Promise<() => Promise<void>> {
  return takeSlot('streams', address, env.chat.streamsPerIp, 'tooManyStreams');
}

/** The same for a widget's visitors: `CHAT_STREAMS_PER_IP` per widget and address. */
export function takeVisitorStreamSlot(widgetId: string, address: string): Promise<() => Promise<void>> {
  return takeSlot('visitor-streams', `${widgetId}@${address}`, env.chat.streamsPerIp, 'tooManyStreams');
}
