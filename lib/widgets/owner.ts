import 'server-only';
import { eq, inArray, type SQL } from 'drizzle-orm';
import { widgets } from '@/lib/db/schema';
import type { Actor } from '@/lib/session/server';

/**
 * The owner of Plauder's own widget (the storefront's, seeded at start): the support staff's account,
 * which every account with the `admin` claim acts as. Firebase generates no uid with a `:`.
 */
export const SUPPORT_OWNER = 'plauder:support';

/** The owners whose widgets `actor` manages and answers: their own, and support staff the support widget. */
export function ownersOf(actor: Pick<Actor, 'uid' | 'admin'>): string[] {
  return actor.admin ? [actor.uid, SUPPORT_OWNER] : [actor.uid];
}

/** `widgets.uid` among the actor's owners. */
export function ownedBy(actor: Pick<Actor, 'uid' | 'admin'>): SQL {
  const owners = ownersOf(actor);
  return owners.length === 1 ? eq(widgets.uid, owners[0]) : inArray(widgets.uid, owners);
}
