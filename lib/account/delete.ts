import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { database } from '@/lib/db';
import {
  avatars,
  chatMessages,
  chatMutes,
  dashboardStreams,
  feedback,
  operatorAlerts,
  orders,
  profiles,
  sessions,
  tickets,
  workspaceMembers,
  workspaces,
} from '@/lib/db/schema';

/**
 * Deletes every row the user owns, in one transaction with `deleteIdentity` (the identity provider's
 * account): when that fails, nothing is deleted and the user can try again. Orders are kept for the
 * books, without the link to the person (uid and e-mail cleared).
 */
export async function deleteAccountData(uid: string, deleteIdentity: () => Promise<void>): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    // Ticket messages go with their tickets (on delete cascade).
    await tx.delete(tickets).where(eq(tickets.uid, uid));
    await tx.delete(feedback).where(eq(feedback.uid, uid));
    // The workspaces they own with their widgets, visitors and conversations (foreign keys cascade), their
    // memberships elsewhere, and what they wrote in the public chat.
    const owned = tx
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.uid, uid), eq(workspaceMembers.role, 'owner')));
    await tx.delete(workspaces).where(inArray(workspaces.id, owned));
    await tx.delete(workspaceMembers).where(eq(workspaceMembers.uid, uid));
    await tx.delete(chatMessages).where(eq(chatMessages.authorUid, uid));
    // A mute of theirs names them (and keys on an account that is gone).
    await tx.delete(chatMutes).where(eq(chatMutes.author, `user:${uid}`));
    await tx.delete(avatars).where(eq(avatars.uid, uid));
    await tx.delete(profiles).where(eq(profiles.uid, uid));
    await tx.delete(dashboardStreams).where(eq(dashboardStreams.uid, uid));
    await tx.delete(operatorAlerts).where(eq(operatorAlerts.uid, uid));
    await tx.delete(sessions).where(eq(sessions.uid, uid));
    await tx.update(orders).set({ uid: null, email: null, updatedAt: new Date() }).where(eq(orders.uid, uid));
    await deleteIdentity();
  });
}
