import 'server-only';
import { and, eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { operatorPresence } from '@/lib/db/schema';
import type { OperatorSwitch } from '@/lib/db/schema/presence';
import type { SignedInUser } from '@/lib/session/server';
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
  operator: SignedInUser,
  workspaceId: string,
  status: 'available' | 'away' | 'auto',
): Promise<Teammate[]> {
  await requireMember(operator, workspaceId);
  const db = await database();
  await db.transaction(async (tx) => {
    await setOperatorSwitch(tx, workspaceId, operator.uid, status === 'auto' ? null : status);
    await signal(tx, { k: 'o', ws: workspaceId });
  });
  if (status !== 'away') await giveOutWaiting(workspaceId);
  return teammates(workspaceId);
}

/** The workspace's members and their states (the inbox's teammates, the assign-to list). */
export async function teammatesOf(operator: SignedInUser, workspaceId: string): Promise<Teammate[]> {
  await requireMember(operator, workspaceId);
  return teammates(workspaceId);
}

/** The operator's own switch in the workspace (`auto` without one). */
export async function operatorSwitchOf(operator: SignedInUser, workspaceId: string): Promise<'auto' | OperatorSwitch> {
  await requireMember(operator, workspaceId);
  const db = await database();
  const [row] = await db
    .select({ status: operatorPresence.status })
    .from(operatorPresence)
    .where(and(eq(operatorPresence.workspaceId, workspaceId), eq(operatorPresence.uid, operator.uid)));
  return row?.status ?? 'auto';
}
