import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { orders } from '@/lib/db/schema';

/** How long the dashboard mentions a guest's order that joined the account. */
export const ATTACHED_NOTE_DAYS = 30;

/**
 * A guest's paid orders join the account whose address they were bought with, once that address is
 * verified (at sign-in, and at the session's renewal after the verification): whoever proves the address
 * owns its purchases. Only orders of nobody move, so a repeat changes nothing. Answers how many joined.
 */
export async function attachGuestOrders(user: {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}): Promise<number> {
  if (!user.email || !user.emailVerified) return 0;
  const db = await database();
  const attached = await db
    .update(orders)
    .set({ uid: user.uid, attachedAt: new Date(), updatedAt: new Date() })
    .where(and(isNull(orders.uid), eq(orders.status, 'paid'), sql`lower(${orders.email}) = lower(${user.email})`))
    .returning({ id: orders.id });
  return attached.length;
}

/** Whether an order joined the account from a guest purchase recently enough for the dashboard to say so. */
export function recentlyAttached(attachedAt: string | null, now = Date.now()): boolean {
  return attachedAt !== null && now - new Date(attachedAt).getTime() < ATTACHED_NOTE_DAYS * 24 * 60 * 60 * 1000;
}
