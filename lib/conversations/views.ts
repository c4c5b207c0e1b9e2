import 'server-only';
import { sql } from 'drizzle-orm';
import {
  conversationLabels,
  conversationRatings,
  conversations,
  visitors,
  widgets,
  type MessageRow,
} from '@/lib/db/schema';
import type { InboxConversationView, MessageView, RatingView, VisitorConversationView } from './constants';
import { nameOf } from './operators';
import { operatorPhotoPath } from './operator-photo';

type ConversationRow = typeof conversations.$inferSelect;
type VisitorRow = typeof visitors.$inferSelect;

/** A message; with `photoVersion` (authorPhotoVersion, read for the visitor's side) its operator's photo too. */
export function messageView(row: MessageRow & { photoVersion?: number | null }): MessageView {
  return {
    id: row.id,
    conversationId: row.conversationId,
    sender: row.sender,
    authorName: row.authorName,
    ...(row.photoVersion !== undefined && { authorPhoto: operatorPhotoPath(row, row.photoVersion) }),
    text: row.body,
    createdAt: row.createdAt.toISOString(),
    ...(row.sender === 'note' && { mentions: row.mentions }),
  };
}

/** An inbox's message view as the visitor's side shows it: with its operator's photo, in messageView's order. */
export function visitorMessageView(view: MessageView, authorPhoto: string | null): MessageView {
  const { text, createdAt, ...head } = view;
  return { ...head, authorPhoto, text, createdAt };
}

/** Whether the visitor rated the conversation (a lookup by the ratings' key). */
export const ratedColumn = sql<boolean>`exists (select 1 from ${conversationRatings} where ${conversationRatings.conversationId} = ${conversations.id})`;

/** The conversation's rating as the inbox shows it, or null (a lookup by the ratings' key). */
const ratingColumn = sql<RatingView | null>`(select json_build_object('score', r.score, 'comment', r.comment)
  from ${conversationRatings} r where r.conversation_id = ${conversations.id})`;

export function visitorConversationView(row: ConversationRow, rated: boolean): VisitorConversationView {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastMessagePreview: row.lastMessagePreview,
    unread: row.visitorUnread,
    seenUpTo: row.operatorReadId,
    rated,
  };
}

/** The columns an inbox entry is made of (one row of conversations ⨝ visitors ⨝ widgets). */
export const inboxColumns = {
  conversation: conversations,
  visitor: visitors,
  widget: { id: widgets.id, name: widgets.name },
  assigneeName: nameOf(conversations.assigneeUid),
  labelIds: sql<
    string[]
  >`coalesce((select json_agg(${conversationLabels.labelId} order by ${conversationLabels.labelId})
    from ${conversationLabels} where ${conversationLabels.conversationId} = ${conversations.id}), '[]'::json)`,
  rating: ratingColumn,
};
export type InboxRow = {
  conversation: ConversationRow;
  visitor: VisitorRow;
  widget: { id: string; name: string };
  assigneeName: string | null;
  labelIds: string[];
  rating: RatingView | null;
};

export function inboxConversationView({
  conversation,
  visitor,
  widget,
  assigneeName,
  labelIds,
  rating,
}: InboxRow): InboxConversationView {
  return {
    id: conversation.id,
    widget,
    assignee: conversation.assigneeUid === null ? null : { uid: conversation.assigneeUid, name: assigneeName ?? '' },
    status: conversation.status,
    createdAt: conversation.createdAt.toISOString(),
    lastMessageAt: conversation.lastMessageAt.toISOString(),
    lastMessagePreview: conversation.lastMessagePreview,
    lastSender: conversation.lastSender,
    unread: conversation.operatorUnread,
    seenUpTo: conversation.visitorReadId,
    pageUrl: conversation.pageUrl,
    pageTitle: conversation.pageTitle,
    locale: conversation.locale,
    visitor: {
      id: visitor.id,
      userId: visitor.userId,
      verified: visitor.userId !== null,
      name: visitor.name,
      email: visitor.email,
      nameVerified: visitor.nameVerified,
      emailVerified: visitor.emailVerified,
      locale: visitor.locale,
      firstSeenAt: visitor.createdAt.toISOString(),
      attributes: visitor.attributes,
      blocked: visitor.blockedAt !== null,
      referrer: visitor.referrer,
      browser: visitor.browser,
      os: visitor.os,
      timeZone: visitor.timeZone,
      pageAt: visitor.pageAt?.toISOString() ?? null,
    },
    labels: labelIds,
    snoozedUntil: conversation.snoozedUntil?.toISOString() ?? null,
    rating: rating && { score: Number(rating.score), comment: rating.comment },
  };
}

/** The preview of a message in a list: one line, at most 140 characters. */
export function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}
