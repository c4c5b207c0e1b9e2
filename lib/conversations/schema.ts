import { z } from 'zod';
import { idempotencyKey, plainText, singleLineText, withoutBidiControls } from '@/lib/api/schemas';
import {
  CONVERSATION_TEXT_MAX,
  EMAIL_MAX,
  RATING_COMMENT_MAX,
  INBOX_VIEWS,
  SEARCH_TEXT_MAX,
  VISITOR_ATTRIBUTE_KEY_MAX,
  VISITOR_ATTRIBUTE_TEXT_MAX,
  VISITOR_ATTRIBUTES_MAX,
  VISITOR_NAME_MAX,
} from './constants';

const locale = z.enum(['en', 'de']);
const email = z.email().max(EMAIL_MAX);
const name = singleLineText(1, VISITOR_NAME_MAX);

/** A claimed name as the customer's server signed it (`signed`) and as it is stored (`value`). */
const claimedName = z.string().transform((signed, ctx) => {
  const parsed = name.safeParse(signed);
  if (parsed.success) return { signed, value: parsed.data };
  for (const issue of parsed.error.issues) ctx.addIssue(issue as z.core.$ZodRawIssue);
  return z.NEVER;
});

// Without line breaks an id's hash never signs a line of details (lib/conversations/visitor/token.ts).
const userId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\u0000-\u001F\u007F]+$/);

/** The customer's signed-in user, as the snippet's data-user-* attributes give it. */
export const userClaimSchema = z.object({
  id: userId,
  hash: z.string().max(200),
  /** HMAC of the id, e-mail and name: only what it signs is shown as verified. */
  detailsHash: z.string().max(200).optional(),
  email: email.optional(),
  name: claimedName.optional(),
});

/** The longest signed identity token taken: a user's id, address, name and times fit many times over. */
export const IDENTITY_TOKEN_MAX = 4096;

/**
 * What a signed identity token says of the customer's signed-in user (`identify({ token })`): `sub` their id,
 * `email` and `name` optional; the token's signature and expiry are checked before (visitor/identity-token.ts).
 */
export const identityClaimsSchema = z.object({ sub: userId, email: email.optional(), name: name.optional() });

/** POST /api/widgets/:id/visitors: a claimed user either by the snippet's attributes or by a signed token. */
export const startVisitorSchema = z
  .object({
    user: userClaimSchema.optional(),
    identityToken: z.string().min(1).max(IDENTITY_TOKEN_MAX).optional(),
    locale: locale.optional(),
  })
  .refine((value) => !(value.user && value.identityToken), {
    message: 'one claimed user at most',
    path: ['identityToken'],
  });

/**
 * The customer's page's attributes of its visitor: a key (a letter, then letters, digits, `_`, `.` or `-`) to one
 * line of text, a finite number or a boolean; null removes the key.
 */
const attributesSchema = z
  .record(
    z.string().regex(new RegExp(`^[A-Za-z][\\w.-]{0,${VISITOR_ATTRIBUTE_KEY_MAX - 1}}$`)),
    z.union([singleLineText(0, VISITOR_ATTRIBUTE_TEXT_MAX), z.number().finite(), z.boolean(), z.null()]),
  )
  .refine((value) => Object.keys(value).length <= VISITOR_ATTRIBUTES_MAX, {
    message: `at most ${VISITOR_ATTRIBUTES_MAX} attributes`,
  });

/** PATCH /api/widgets/:id/visitors: what an anonymous visitor tells about themselves, or the page of any visitor. */
export const visitorDetailsSchema = z
  .object({ name: name.optional(), email: email.optional(), attributes: attributesSchema.optional() })
  .refine((value) => value.name !== undefined || value.email !== undefined || value.attributes !== undefined, {
    message: 'nothing to change',
    path: ['email'],
  });

/** Where the visitor writes from: the host page (as the loader saw it). */
const page = {
  pageUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .transform(withoutBidiControls)
    .optional()
    .catch(undefined),
  pageTitle: singleLineText(0, 300).optional().catch(undefined),
};

/** An IANA time zone the runtime knows (`Europe/Berlin`), as the visitor's browser names it. */
const timeZone = z
  .string()
  .max(64)
  .refine((value) => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone.length > 0;
    } catch {
      return false;
    }
  });

/**
 * POST /api/widgets/:id/visitors/pages: the host page the visitor is on (its address must be a web page's), and
 * what the loader knows besides; a referrer or time zone that is not usable is left out, never refused.
 */
export const visitorPageSchema = z.object({
  url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .transform(withoutBidiControls),
  title: singleLineText(0, 300).optional().catch(undefined),
  referrer: page.pageUrl,
  timeZone: timeZone.optional().catch(undefined),
});

/** POST /api/widgets/:id/conversations: a new conversation with its first message. */
export const startConversationSchema = z.object({
  text: plainText(1, CONVERSATION_TEXT_MAX),
  name: name.optional(),
  email: email.optional(),
  locale: locale.optional(),
  requestKey: idempotencyKey.optional(),
  ...page,
});

/** POST …/messages (visitor and operator). */
export const postMessageSchema = z.object({
  text: plainText(1, CONVERSATION_TEXT_MAX),
  requestKey: idempotencyKey.optional(),
  ...page,
});

/** POST /api/workspaces/:wid/inbox/:cid/notes: a member's note (its mentions are found in its text). */
export const postNoteSchema = z.object({
  text: plainText(1, CONVERSATION_TEXT_MAX),
  requestKey: idempotencyKey.optional(),
});

/** PATCH of a conversation by its visitor: how far they have read. */
export const visitorConversationPatchSchema = z.object({
  readUpTo: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

/**
 * PATCH /api/workspaces/:wid/inbox/:cid by a member: close or reopen, (un)assign (a member's uid or null),
 * snooze or unsnooze, and/or how far they have read.
 */
export const inboxConversationPatchSchema = z
  .object({
    status: z.enum(['open', 'closed']).optional(),
    assigneeId: z.string().min(1).max(128).nullable().optional(),
    readUpTo: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    /** Snooze until then (future, at most a year ahead: lib/conversations/inbox/snooze.ts), or null: unsnooze. */
    snoozedUntil: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'nothing to change',
    path: ['status'],
  });

/** POST …/typing. */
export const typingSchema = z.object({ typing: z.boolean() });

/** POST …/rating (visitor): 1 (very bad) to 5 (very good), and an optional comment (empty: none). */
export const ratingSchema = z.object({
  score: z.number().int().min(1).max(5),
  comment: plainText(0, RATING_COMMENT_MAX).optional(),
});

/** POST …/transcript: where to send it (the visitor's known address when left out). */
export const transcriptSchema = z.object({ email: email.optional() });

/** POST /api/transcripts: the token of a confirmation mail's link. */
export const transcriptConfirmationSchema = z.object({ token: z.string().regex(/^[\w-]{43}$/) });

/** GET /api/workspaces/:wid/inbox?status=open|snoozed|closed|unread (`all` for anything else). */
export const inboxFilterSchema = z.enum(['open', 'snoozed', 'closed', 'unread', 'all']).catch('all');

/** GET /api/workspaces/:wid/inbox?label=<id>: only conversations with that label (a malformed id is a 400). */
export const inboxLabelFilterSchema = z.uuid().optional();

/**
 * GET /api/workspaces/:wid/inbox?q=…: the search and its filters (status, assignee: a member's uid, `me` or
 * `none`, label, widget, from/to: ISO times of the matching message).
 */
export const inboxSearchSchema = z.object({
  q: z.string().trim().min(1).max(SEARCH_TEXT_MAX),
  status: z.enum(['open', 'snoozed', 'closed']).optional(),
  assignee: z.string().min(1).max(128).optional(),
  label: z.uuid().optional(),
  widget: z.string().min(1).max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().max(32).optional(),
});

/** GET /api/workspaces/:wid/inbox?view=mine|unassigned (`all` for anything else). */
export const inboxViewSchema = z.enum(INBOX_VIEWS).catch('all');

/** PUT /api/workspaces/:wid/presence: the operator's switch; `auto` leaves it to their open inboxes. */
export const operatorSwitchSchema = z.object({ status: z.enum(['available', 'away', 'auto']) });

/** `before` for older messages of a thread; anything malformed means "the latest". */
export const beforeSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);

/** A conversation id in a URL (a UUID); anything else is a 404 without a query. */
export const conversationIdSchema = z.uuid();
