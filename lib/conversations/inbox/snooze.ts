import 'server-only';
import { and, eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { conversations } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { SignedInUser } from '@/lib/session/server';
import { signal } from '../signal';
import { workspaceConversation } from './inbox';

/** The latest snooze time taken: a year from now. */
function latestSnooze(now: Date): Date {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return latest;
}

/**
 * Snoozes an open conversation until `until` (in the future, at most a year ahead: 400 otherwise), or ends
 * its snooze (null). It leaves the open list until then, or until the visitor writes (lib/conversations/log.ts);
 * every open inbox hears the change. A closed conversation cannot be snoozed (409: reopen first).
 */
export async function snoozeConversation(
  operator: SignedInUser,
  workspaceId: string,
  conversationId: string,
  until: string | null,
): Promise<void> {
  const { conversation } = await workspaceConversation(operator, workspaceId, conversationId, 'inbox.close');
  const at = until === null ? null : new Date(until);
  const now = new Date();
  if (at && !(at > now && at <= latestSnooze(now))) throw new ApiError('snoozeOutOfRange');
  const db = await database();
  await db.transaction(async (tx) => {
    // The status is part of the update's condition: a conversation closed meanwhile is not snoozed.
    const [changed] = await tx
      .update(conversations)
      .set({ snoozedUntil: at })
      .where(and(eq(conversations.id, conversation.id), eq(conversations.status, 'open')))
      .returning({ id: conversations.id });
    if (!changed) {
      if (at) throw new ApiError('conversationClosed');
      return;
    }
    await signal(tx, { k: 'c', ws: workspaceId, c: conversation.id });
  });
}
