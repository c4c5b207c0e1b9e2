import 'server-only';
import { and, eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { operatorPresence } from '@/lib/db/schema';
import type { OperatorSwitch } from '@/lib/db/schema/presence';
import type { Actor } from '@/lib/session/server';
import { requireMember } from '@/lib/workspaces/access';
import { giveOutWaiting } from '../assignment';
import { setOperatorSwitch, teammates, type Teammate } from '../operators';
import { signal } from '../signal';

/**
 * An operator sets their own state in a workspace: `available` or `away` by hand (it wins over their open
 * inboxes), or `auto`. Every inbox and widget of the workspace hears it; an operator who became available
 * gets the conversations waiting for one.
 */
export async function switchOperator(
  actor: Actor,
  workspaceId: string,
  status: 'available' | 'away' | 'auto',
): Promise<Teammate[]> {
  await requireMember(actor, workspaceId);
  const db = await database();
  await db.transaction(async (tx) => {
    await setOperatorSwitch(tx, workspaceId, actor.uid, status === 'auto' ? null : status);
    await signal(tx, { k: 'o', ws: workspaceId });
  });
  if (status !== 'away') await giveOutWaiting(workspaceId);
  return teammates(workspaceId);
}

/** The workspace's members and their states (the inbox's teammates, the assign-to list). */
export async function teammatesOf(actor: Actor, workspaceId: string): Promise<Teammate[]> {
  await requireMember(actor, workspaceId);
  return teammates(workspaceId);
}

/** The actor's own switch in the workspace (`auto` without one). */
export async function operatorSwitchOf(actor: Actor, workspaceId: string): Promise<'auto' | OperatorSwitch> {
  await requireMember(actor, workspaceId);
  const db = await database();
  const [row] = await db
    .select({ status: operatorPresence.status })
    .from(operatorPresence)
    .where(and(eq(operatorPresence.workspaceId, workspaceId), eq(operatorPresence.uid, actor.uid)));
  return row?.status ?? 'auto';
}
