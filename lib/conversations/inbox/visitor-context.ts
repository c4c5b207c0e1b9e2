import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { conversations, VISITOR_PAGES_MAX, visitorPages, widgets } from '@/lib/db/schema';
import type { SignedInUser } from '@/lib/session/server';
import type { VisitorContextView } from '../constants';
import { workspaceVisitor } from './visitor-privacy';

/** Conversations of one visitor the side panel lists: the newest, the one open among them. */
const CONVERSATIONS_SHOWN = 20;

/**
 * A visitor of the workspace as the thread's side panel shows them beyond the inbox entry: the pages they viewed,
 * newest first, and their conversations (every member reads them; 404 for a visitor of another workspace).
 */
export async function visitorContext(
  operator: SignedInUser,
  workspaceId: string,
  vid: string | undefined,
): Promise<VisitorContextView> {
  const visitor = await workspaceVisitor(operator, workspaceId, vid, 'inbox.read');
  const db = await database();
  const [pages, own] = await Promise.all([
    db
      .select({ url: visitorPages.url, title: visitorPages.title, at: visitorPages.at })
      .from(visitorPages)
      .where(eq(visitorPages.visitorId, visitor.id))
      .orderBy(desc(visitorPages.at), desc(visitorPages.id))
      .limit(VISITOR_PAGES_MAX),
    db
      .select({
        id: conversations.id,
        status: conversations.status,
        createdAt: conversations.createdAt,
        lastMessagePreview: conversations.lastMessagePreview,
        widget: widgets.name,
      })
      .from(conversations)
      .innerJoin(widgets, eq(widgets.id, conversations.widgetId))
      .where(eq(conversations.visitorId, visitor.id))
      .orderBy(desc(conversations.createdAt), desc(conversations.id))
      .limit(CONVERSATIONS_SHOWN),
  ]);
  return {
    pages: pages.map((page) => ({ ...page, at: page.at.toISOString() })),
    conversations: own.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
