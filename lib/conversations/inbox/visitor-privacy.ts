import 'server-only';
import { and, count, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import {
  conversationMessages,
  conversations,
  mails,
  rateLimits,
  transcriptRequests,
  visitorErasures,
  visitors,
  widgets,
} from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { SignedInUser } from '@/lib/session/server';
import { requirePermission, type WorkspaceAction } from '@/lib/workspaces/permissions';
import { signal } from '../signal';

type VisitorRow = typeof visitors.$inferSelect;

/** The mails of local mode a visitor gets: those stored before mails named their visitor go by address. */
const VISITOR_MAIL_KINDS = ['operatorReply', 'transcript', 'transcriptConfirmation'];

/** `value` matched literally by LIKE (a visitor id may hold `_`). */
const literal = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/** A visitor id of a URL; anything else is a 404 without a query. */
function visitorIdOf(value: string | undefined): string {
  if (!value || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new ApiError('notFound');
  return value;
}

/** The visitors of the workspace's widgets (the condition that scopes every query here to it). */
const ofWorkspace = (workspaceId: string) =>
  inArray(visitors.widgetId, sql`(select ${widgets.id} from ${widgets} where ${widgets.workspaceId} = ${workspaceId})`);

/**
 * The visitor `vid` of a widget of workspace `wid`, once the member may do `action` there: 404 for a stranger
 * and for a visitor of another workspace, 403 for a role without the right.
 */
export async function workspaceVisitor(
  operator: SignedInUser,
  workspaceId: string,
  vid: string | undefined,
  action: WorkspaceAction,
  executor?: Executor,
): Promise<VisitorRow> {
  await requirePermission(operator, workspaceId, action, executor);
  const db = executor ?? (await database());
  const [row] = await db
    .select()
    .from(visitors)
    .where(and(eq(visitors.id, visitorIdOf(vid)), ofWorkspace(workspaceId)))
    .limit(1);
  if (!row) throw new ApiError('notFound');
  return row;
}

/**
 * Blocks (or unblocks) a visitor of the workspace: from the commit on, every message of theirs is refused
 * (appendMessage reads the flag under a share lock of this row). Their open widget hears it at once, and every
 * inbox sees the change on each of their conversations.
 */
export async function setVisitorBlocked(
  operator: SignedInUser,
  workspaceId: string,
  vid: string | undefined,
  blocked: boolean,
): Promise<{ id: string; blocked: boolean; blockedAt: string | null }> {
  await requirePermission(operator, workspaceId, 'visitors.block');
  const id = visitorIdOf(vid);
  const db = await database();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(visitors)
      .set(
        blocked
          ? { blockedAt: sql`coalesce(${visitors.blockedAt}, now())`, blockedBy: operator.uid }
          : { blockedAt: null, blockedBy: null },
      )
      .where(and(eq(visitors.id, id), ofWorkspace(workspaceId)))
      .returning({ id: visitors.id, blockedAt: visitors.blockedAt });
    if (!row) throw new ApiError('notFound');
    await signal(tx, { k: 'b', v: id, on: blocked });
    const own = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.visitorId, id));
    for (const conversation of own) await signal(tx, { k: 'c', ws: workspaceId, c: conversation.id });
    return { id, blocked, blockedAt: row.blockedAt?.toISOString() ?? null };
  });
}

export type Erasure = {
  id: string;
  conversations: number;
  messages: number;
  transcriptRequests: number;
  mails: number;
};

/** The addresses a visitor gave or confirmed: where mails to them went. */
async function addressesOf(tx: Executor, visitor: VisitorRow): Promise<string[]> {
  const requested = await tx
    .select({ email: transcriptRequests.email })
    .from(transcriptRequests)
    .innerJoin(conversations, eq(conversations.id, transcriptRequests.conversationId))
    .where(eq(conversations.visitorId, visitor.id));
  const all = [visitor.email, visitor.transcriptEmail, ...requested.map((row) => row.email)];
  return [...new Set(all.filter((email): email is string => !!email))];
}

/**
 * Deletes the mails of local mode about the visitor: those that name them (the foreign key would take them too),
 * and those stored before mails named their visitor: sent to one of their addresses, or naming one of their
 * conversations (an operator's alert links it).
 */
async function deleteMails(tx: Executor, visitor: VisitorRow, conversationIds: string[]): Promise<number> {
  const addresses = await addressesOf(tx, visitor);
  const older = [
    ...(addresses.length ? [and(inArray(mails.to, addresses), inArray(mails.kind, VISITOR_MAIL_KINDS))] : []),
    ...conversationIds.map((id) => like(mails.text, `%${literal(id)}%`)),
  ];
  const deleted = await tx
    .delete(mails)
    .where(or(eq(mails.visitorId, visitor.id), ...(older.length ? [and(isNull(mails.visitorId), or(...older))] : [])))
    .returning({ id: mails.id });
  // The limits' counters keyed by the visitor's id or one of their addresses hold them too.
  await tx
    .delete(rateLimits)
    .where(
      or(
        like(rateLimits.key, `visitor:${literal(visitor.id)}@%`),
        eq(rateLimits.key, `visitor:${visitor.id}`),
        ...addresses.map((email) => eq(rateLimits.key, `to:${email.toLowerCase()}`)),
      ),
    );
  return deleted.length;
}

/**
 * Erases a visitor of the workspace (right to erasure), in one transaction: their conversations with messages,
 * transcript requests and alerts (the foreign keys cascade, as they will for what references conversations or
 * visitors later), the mails about them, and the visitor record. What stays is a record without their data:
 * a random id, the workspace, who erased and when, and how much went. Inboxes drop the conversations live, and
 * the visitor's open widget starts afresh.
 */
export async function eraseVisitor(operator: SignedInUser, workspaceId: string, vid: string | undefined) {
  const db = await database();
  return db.transaction(async (tx): Promise<Erasure> => {
    const visitor = await workspaceVisitor(operator, workspaceId, vid, 'visitors.erase', tx);
    const own = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.visitorId, visitor.id));
    const ids = own.map((row) => row.id);
    const [messages] = ids.length
      ? await tx
          .select({ n: count() })
          .from(conversationMessages)
          .where(inArray(conversationMessages.conversationId, ids))
      : [{ n: 0 }];
    const [requests] = ids.length
      ? await tx.select({ n: count() }).from(transcriptRequests).where(inArray(transcriptRequests.conversationId, ids))
      : [{ n: 0 }];
    const mailCount = await deleteMails(tx, visitor, ids);
    await tx.delete(visitors).where(eq(visitors.id, visitor.id));
    const [erasure] = await tx
      .insert(visitorErasures)
      .values({
        workspaceId,
        erasedBy: operator.uid,
        conversations: ids.length,
        messages: messages.n,
        transcriptRequests: requests.n,
        mails: mailCount,
      })
      .returning();
    await signal(tx, { k: 'e', ws: workspaceId, v: visitor.id });
    return {
      id: erasure.id,
      conversations: erasure.conversations,
      messages: erasure.messages,
      transcriptRequests: erasure.transcriptRequests,
      mails: erasure.mails,
    };
  });
}
