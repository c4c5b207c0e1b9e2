import 'server-only';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { conversations, visitors, widgets } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { sendMail } from '@/lib/mail';
import { mailLater, mailsSettled } from '@/lib/mail/later';
import { issueVisitorToken } from './visitor/token';

/** At most one e-mail per conversation and side in this time. */
export const NOTIFY_INTERVAL_MS = 10 * 60_000;
/** A visitor whose widget has not been open this long has left (their stream refreshes it every 20 s). */
export const VISITOR_LEFT_MS = 45_000;

const throttled = (column: typeof conversations.visitorNotifiedAt | typeof conversations.transcriptSentAt) =>
  or(isNull(column), lt(column, sql`now() - ${`${NOTIFY_INTERVAL_MS} milliseconds`}::interval`));

/**
 * The link that brings a visitor back to a conversation on any device: the widget page with their token (in the
 * fragment, which no server sees).
 */
export function conversationLink(
  widget: Pick<typeof widgets.$inferSelect, 'id' | 'identityGeneration'>,
  visitor: Pick<typeof visitors.$inferSelect, 'id' | 'userId'>,
  conversationId: string,
): string {
  const token = issueVisitorToken({
    widgetId: widget.id,
    visitorId: visitor.id,
    ...(visitor.userId !== null && { generation: widget.identityGeneration }),
  });
  return `${env.siteUrl}/embed/${encodeURIComponent(widget.id)}?mode=page&conversation=${conversationId}#token=${token}`;
}

/** A conversation with its widget and visitor, or null. */
export async function details(conversationId: string) {
  const db = await database();
  const [row] = await db
    .select({ conversation: conversations, widget: widgets, visitor: visitors })
    .from(conversations)
    .innerJoin(widgets, eq(widgets.id, conversations.widgetId))
    .innerJoin(visitors, eq(visitors.id, conversations.visitorId))
    .where(eq(conversations.id, conversationId));
  return row ?? null;
}

/**
 * Mails an operator's reply to a visitor who gave an address and has left (their widget is not open),
 * at most once per conversation in 10 minutes, with a link back to the conversation.
 */
export async function notifyVisitor(
  conversationId: string,
  reply: { operator: string; text: string },
): Promise<boolean> {
  const found = await details(conversationId);
  if (!found?.visitor.email || Date.now() - found.visitor.lastSeenAt.getTime() < VISITOR_LEFT_MS) return false;
  const { conversation, widget, visitor } = found;
  const db = await database();
  const claimed = await db
    .update(conversations)
    .set({ visitorNotifiedAt: new Date() })
    .where(and(eq(conversations.id, conversationId), throttled(conversations.visitorNotifiedAt)))
    .returning({ id: conversations.id });
  if (claimed.length === 0) return false;
  await sendMail(
    'operatorReply',
    visitor.email!,
    conversation.locale,
    {
      widget: widget.name,
      operator: reply.operator,
      text: reply.text,
      link: conversationLink(widget, visitor, conversation.id),
    },
    [],
    visitor.id,
  );
  return true;
}

/** Resolves once the notifications started so far have finished (the database's close, tests). */
export const notificationsSettled = mailsSettled;

export const notifyVisitorLater = (conversationId: string, reply: { operator: string; text: string }) =>
  mailLater(() => notifyVisitor(conversationId, reply), 'reply notification');
