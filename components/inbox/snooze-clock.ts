'use client';

import { useEffect, useState } from 'react';
import type { InboxConversationView } from '@/lib/conversations/constants';

/** The longest timer a browser keeps (about 24.8 days); a later snooze end is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The time the list compares snooze ends with: it moves on by itself at the earliest end still ahead, so a
 * snoozed conversation is back in the open list at its time without a reload or a request.
 */
export function useSnoozeClock(conversations: InboxConversationView[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = Math.min(
    ...conversations.map((c) => (c.snoozedUntil ? Date.parse(c.snoozedUntil) : Infinity)).filter((t) => t > now),
  );
  useEffect(() => {
    if (next === Infinity) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now() + 50, LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}
