import 'server-only';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { database } from '@/lib/db';
import { conversationMessages, conversations, visitorPages, widgets } from '@/lib/db/schema';
import type { SignedInUser } from '@/lib/session/server';
import { workspaceVisitor } from './visitor-privacy';

/** The senders whose messages the visitor saw; named here, so that a sender added later (notes) stays out. */
const SHARED_SENDERS: ReadonlySet<string> = new Set(['visitor', 'operator', 'system']);

/**
 * Everything the workspace holds of a visitor (right of access), as JSON: the visitor record, the pages their
 * widget reported, and every conversation with its messages. Only what the visitor and the operators said to
 * each other, and the status changes: anything else a thread may hold later (operators' private notes) is not
 * theirs to read.
 */
export async function exportVisitor(operator: SignedInUser, workspaceId: string, vid: string | undefined) {
  const visitor = await workspaceVisitor(operator, workspaceId, vid, 'visitors.export');
  const db = await database();
  const rows = await db
    .select({ conversation: conversations, widgetName: widgets.name })
    .from(conversations)
    .innerJoin(widgets, eq(widgets.id, conversations.widgetId))
    .where(eq(conversations.visitorId, visitor.id))
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
  const messages = rows.length
    ? await db
        .select()
        .from(conversationMessages)
        .where(
          inArray(
            conversationMessages.conversationId,
            rows.map((row) => row.conversation.id),
          ),
        )
        .orderBy(asc(conversationMessages.id))
    : [];
  const pages = await db
    .select({ url: visitorPages.url, title: visitorPages.title, at: visitorPages.at })
    .from(visitorPages)
    .where(eq(visitorPages.visitorId, visitor.id))
    .orderBy(desc(visitorPages.at));
  return {
    exportedAt: new Date().toISOString(),
    visitor: {
      id: visitor.id,
      userId: visitor.userId,
      name: visitor.name,
      nameVerified: visitor.nameVerified,
      email: visitor.email,
      emailVerified: visitor.emailVerified,
      transcriptEmail: visitor.transcriptEmail,
      locale: visitor.locale,
      attributes: visitor.attributes,
      firstSeenAt: visitor.createdAt.toISOString(),
      lastSeenAt: visitor.lastSeenAt.toISOString(),
      blockedAt: visitor.blockedAt?.toISOString() ?? null,
      referrer: visitor.referrer,
      browser: visitor.browser,
      os: visitor.os,
      timeZone: visitor.timeZone,
    },
    pages: pages.map((page) => ({ ...page, at: page.at.toISOString() })),
    conversations: rows.map(({ conversation, widgetName }) => ({
      id: conversation.id,
      widget: widgetName,
      status: conversation.status,
      locale: conversation.locale,
      pageUrl: conversation.pageUrl,
      pageTitle: conversation.pageTitle,
      createdAt: conversation.createdAt.toISOString(),
      closedAt: conversation.closedAt?.toISOString() ?? null,
      messages: messages
        .filter((message) => message.conversationId === conversation.id && SHARED_SENDERS.has(message.sender))
        .map((message) => ({
          id: message.id,
          sender: message.sender,
          authorName: message.sender === 'operator' ? message.authorName : null,
          // A system message's text is what happened: `closed` or `reopened`.
          text: message.body,
          createdAt: message.createdAt.toISOString(),
        })),
    })),
  };
}
