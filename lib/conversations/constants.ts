// Conversations' limits and views, shared by the server, the widget and the inbox (no dependencies).
import type { ConversationStatus, MessageSender } from '@/lib/db/schema/conversations';
import type { LabelColour } from '@/lib/db/schema/labels';

export const CONVERSATION_TEXT_MAX = 4000;
/** Largest request body of the conversations' JSON API. */
export const CONVERSATION_BODY_LIMIT = 16 * 1024;
/** Open conversations one visitor may have at once. */
export const OPEN_CONVERSATIONS_MAX = 3;
/** Messages a thread page holds; older ones come with `before`. */
export const THREAD_PAGE_SIZE = 50;
/** Messages a thread opened at a search hit holds at most (from a little before the hit to the newest). */
export const THREAD_AROUND_MAX = 1000;
/** Conversations a page of the inbox holds; the next page comes with its `nextCursor`. */
export const INBOX_PAGE_SIZE = 50;
/** Typing indicators end by themselves after this long without a new one. */
export const TYPING_TTL_MS = 6_000;
export const VISITOR_NAME_MAX = 60;
/** A rating's comment at most this long. */
export const RATING_COMMENT_MAX = 1000;
/** The words of a rating's steps, 1 to 5 (the keys of the `rating.scores` texts). */
export const RATING_WORDS = ['veryBad', 'bad', 'okay', 'good', 'veryGood'] as const;

/** A visitor's rating of a closed conversation: 1 (very bad) to 5 (very good), and their comment. */
export type RatingView = { score: number; comment: string | null };
export const EMAIL_MAX = 254;

export type MessageView = {
  id: number;
  conversationId: string;
  sender: MessageSender;
  /** The operator's name on their messages; for `system` messages the change (`closed`, `reopened`). */
  authorName: string | null;
  /** The operator's photo on their messages where the visitor's widget reads them (null or absent: initials). */
  authorPhoto?: string | null;
  text: string;
  createdAt: string;
  /** On a note (members only): the members it mentions, by uid. */
  mentions?: string[];
};

/** A face of the team in the widget's header: a name as an operator's reply shows it, their photo's address. */
export type TeamFace = { name: string; photo: string | null };

/** A conversation as its visitor sees it. */
export type VisitorConversationView = {
  id: string;
  status: ConversationStatus;
  createdAt: string;
  lastMessageAt: string;
  lastMessagePreview: string;
  /** Operator messages the visitor has not read. */
  unread: number;
  /** The last message of the visitor the operators have seen. */
  seenUpTo: number;
  /** Whether the visitor rated it (the widget then never asks again). */
  rated: boolean;
};

/** `setAttributes`: at most this many attributes per visitor, keys and text values at most this long. */
export const VISITOR_ATTRIBUTES_MAX = 20;
export const VISITOR_ATTRIBUTE_KEY_MAX = 32;
export const VISITOR_ATTRIBUTE_TEXT_MAX = 120;

export type VisitorDetails = {
  id: string;
  /** The customer's signed-in user, verified by the id's hash (null: anonymous). */
  userId: string | null;
  verified: boolean;
  name: string | null;
  email: string | null;
  /** Whether the customer's server signed the name and the address (else the visitor's own word). */
  nameVerified: boolean;
  emailVerified: boolean;
  locale: 'en' | 'de' | null;
  firstSeenAt: string;
  /** What the customer's page told of the visitor (`setAttributes`): never verified. */
  attributes: Record<string, string | number | boolean>;
  /** Blocked in this workspace: they can no longer write to its widgets. */
  blocked: boolean;
  /** What their widget reported once they wrote (lib/conversations/visitor/pages.ts); null: nothing yet. */
  referrer: string | null;
  browser: string | null;
  os: string | null;
  timeZone: string | null;
  /** The last page reported: the pages (GET …/visitors/:vid) are loaded again when it moves. */
  pageAt: string | null;
};

/** A page a visitor viewed, and another conversation of theirs (GET /api/workspaces/:wid/visitors/:vid). */
export type VisitorPageView = { url: string; title: string | null; at: string };
export type VisitorConversationLink = {
  id: string;
  status: ConversationStatus;
  createdAt: string;
  lastMessagePreview: string;
  widget: string;
};
export type VisitorContextView = { pages: VisitorPageView[]; conversations: VisitorConversationLink[] };

/** A conversation as the operators see it in the inbox. */
export type InboxConversationView = {
  id: string;
  widget: { id: string; name: string };
  /** The member who answers it; null: unassigned. */
  assignee: { uid: string; name: string } | null;
  status: ConversationStatus;
  createdAt: string;
  lastMessageAt: string;
  lastMessagePreview: string;
  lastSender: MessageSender;
  /** Visitor messages no operator has read. */
  unread: number;
  /** The last operator message the visitor has seen. */
  seenUpTo: number;
  pageUrl: string | null;
  pageTitle: string | null;
  locale: 'en' | 'de';
  visitor: VisitorDetails;
  /** The ids of its labels (the workspace's labels name and colour them). */
  labels: string[];
  /** Out of the open list until then (a past time: open again). */
  snoozedUntil: string | null;
  /** The visitor's rating, once they gave one. */
  rating: RatingView | null;
};

/** A label of a workspace. */
export type LabelView = { id: string; name: string; colour: LabelColour };
export const LABEL_NAME_MAX = 40;
/** Labels one workspace may have, and one conversation. */
export const LABELS_MAX = 100;

/** Whether a conversation is snoozed at `now` (ms): open, with a snooze time still ahead. */
export function isSnoozed(conversation: Pick<InboxConversationView, 'status' | 'snoozedUntil'>, now: number) {
  return (
    conversation.status === 'open' && conversation.snoozedUntil !== null && Date.parse(conversation.snoozedUntil) > now
  );
}

/** A page of a workspace's inbox (GET /api/workspaces/:wid/inbox). */
export type InboxPage = {
  conversations: InboxConversationView[];
  /** The next page's `cursor`; null on the last page. */
  nextCursor: string | null;
  /** Conversations with unread visitor messages, all of them (the navigation's badge). */
  unread: number;
  /** Where the inbox's event stream starts (its Last-Event-ID). */
  cursor: number;
};

/** The inbox's views: the operator's conversations, nobody's, everyone's. */
export const INBOX_VIEWS = ['all', 'mine', 'unassigned'] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/** Only ids of this shape are requested from the inbox's address (the server decides whether they exist). */
export const CONVERSATION_ID_SHAPE = /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i;

/** How often open streams say, at the data, that their party is still there. */
export const PRESENCE_REFRESH_MS = 20_000;

/** Whether an operator answers now, for how long that holds without news, and when it is back. */
export type PresenceView = { available: boolean; availableForMs: number | null; nextOpenAt: string | null };

/** The frames of the event streams besides messages (no id: they are not replayed on resume). */
export type TypingEvent = { conversationId: string; sender: 'visitor' | 'operator'; typing: boolean };
export type ReadEvent = { conversationId: string; reader: 'visitor' | 'operator'; upTo: number; unread: number };

/** A search result's excerpt: the message's text around the match, the matching words marked. */
export type SearchExcerpt = { text: string; marked: boolean }[];

/** A hit of the search: its conversation, the message it opens at, where the text matched (null: the visitor did). */
export type InboxSearchHit = {
  conversation: InboxConversationView;
  messageId: number;
  /** When the message was written. */
  at: string;
  excerpt: SearchExcerpt | null;
};

export type InboxSearchPage = { results: InboxSearchHit[]; nextCursor: string | null };

/** The longest search text taken. */
export const SEARCH_TEXT_MAX = 200;
