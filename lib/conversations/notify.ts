import 'server-only';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { conversationMessages, conversations, visitors, widgets } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/paths';
import { sendMail } from '@/lib/mail';
import { mailLater, mailsSettled } from '@/lib/mail/later';
import { createTranslator } from 'next-intl';
import { loadMessages } from '@/lib/i18n/messages';
import { issueVisitorToken } from './token';
import { widgetPresence } from './operators';

/** At most one e-mail per conversation and side in this time. */
export const NOTIFY_INTERVAL_MS = 10 * 60_000;
/** How long a visitor's message waits unanswered, while the team is available, before the owner is mailed. */
export const UNANSWERED_MS = 2 * 60_000;
/** A visitor whose widget has not been open this long has left (their stream refreshes it every 20 s). */
export const VISITOR_LEFT_MS = 45_000;

const throttled = (
  column:
    | typeof conversations.ownerNotifiedAt
    | typeof conversations.visitorNotifiedAt
    | typeof conversations.transcriptSentAt,
) => or(isNull(column), lt(column, sql`now() - ${`${NOTIFY_INTERVAL_MS} milliseconds`}::interval`));

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

async function details(conversationId: string) {
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
 * Mails the widget's owner that a visitor waits, once the conversation's 10-minute slot is claimed: the
 * conditional update is the claim, so concurrent requests and instances send one e-mail. Nothing is
 * sent when nobody is to be told or the team answered meanwhile.
 */
export async function notifyOwner(conversationId: string, { evenIfAvailable = false } = {}): Promise<boolean> {
  const found = await details(conversationId);
  if (!found?.widget.notifyEmail) return false;
  const { conversation, widget, visitor } = found;
  if (!evenIfAvailable && (await widgetPresence(widget.id))?.available) return false;
  const db = await database();
  const claimed = await db
    .update(conversations)
    .set({ ownerNotifiedAt: new Date() })
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.lastSender, 'visitor'),
        throttled(conversations.ownerNotifiedAt),
      ),
    )
    .returning({ id: conversations.id });
  if (claimed.length === 0) return false;
  const t = createTranslator({ locale: widget.locale, messages: await loadMessages(widget.locale), namespace: 'Mail' });
  const [latest] = await db
    .select({ body: conversationMessages.body })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.sender, 'visitor')))
    .orderBy(sql`${conversationMessages.id} desc`)
    .limit(1);
  await sendMail('visitorWaiting', widget.notifyEmail!, widget.locale, {
    widget: widget.name,
    visitor: visitor.name ?? visitor.email ?? t('anonymous'),
    page: conversation.pageUrl,
    text: latest?.body ?? conversation.lastMessagePreview,
    link: `${env.siteUrl}${localizedPath('/dashboard/inbox', widget.locale)}?conversation=${conversationId}`,
  });
  return true;
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
  await sendMail('operatorReply', visitor.email!, conversation.locale, {
    widget: widget.name,
    operator: reply.operator,
    text: reply.text,
    link: conversationLink(widget, visitor, conversation.id),
  });
  return true;
}

/** Resolves once the notifications started so far have finished (the database's close, tests). */
export const notificationsSettled = mailsSettled;

/**
 * After a visitor's message: mails the owner when nobody is available to answer (notifyOwner asks the
 * operators' presence). A widget without an address costs no further query.
 */
export function notifyOwnerLater(conversationId: string, widget: Pick<typeof widgets.$inferSelect, 'notifyEmail'>) {
  if (!widget.notifyEmail) return;
  mailLater(() => notifyOwner(conversationId), 'owner notification');
}
export const notifyVisitorLater = (conversationId: string, reply: { operator: string; text: string }) =>
  mailLater(() => notifyVisitor(conversationId, reply), 'reply notification');

/** Conversations one sweep claims per query, and at most how many queries a sweep makes. */
const UNANSWERED_BATCH = 50;
const UNANSWERED_BATCHES = 20;

/**
 * Owners of conversations whose visitor has waited UNANSWERED_MS while the team was available (so no
 * e-mail went out at once): one sweep, run every 30 s by each instance; the claim keeps it to one e-mail.
 * The longest waits go first, and a backlog is drained batch by batch rather than 50 per sweep.
 */
export async function notifyUnanswered(): Promise<number> {
  const db = await database();
  let sent = 0;
  for (let batch = 0; batch < UNANSWERED_BATCHES; batch++) {
    const waiting = await db
      .select({ id: conversations.id })
      .from(conversations)
      .innerJoin(widgets, eq(widgets.id, conversations.widgetId))
      .where(
        and(
          eq(conversations.status, 'open'),
          eq(conversations.lastSender, 'visitor'),
          sql`${conversations.operatorUnread} > 0`,
          lt(conversations.lastMessageAt, sql`now() - ${`${UNANSWERED_MS} milliseconds`}::interval`),
          throttled(conversations.ownerNotifiedAt),
          isNotNull(widgets.notifyEmail),
        ),
      )
      .orderBy(conversations.lastMessageAt)
      .limit(UNANSWERED_BATCH);
    let claimed = 0;
    for (const { id } of waiting) if (await notifyOwner(id, { evenIfAvailable: true })) claimed++;
    sent += claimed;
    // A claimed conversation leaves the query; one nobody could claim would come back in the next batch.
    if (waiting.length < UNANSWERED_BATCH || claimed === 0) break;
  }
  return sent;
}
