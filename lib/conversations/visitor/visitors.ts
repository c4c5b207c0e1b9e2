import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { entitlementOf } from '@/lib/billing/entitlements';
import { isServed } from '@/lib/widgets/plan';
import { conversations, visitors, widgets } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { verifyIdentityToken } from './identity-token';
import { takeNewVisitorAllowance } from '@/lib/chat/limits';
import {
  bearerToken,
  issueVisitorToken,
  newVisitorId,
  verifyUserDetailsHash,
  verifyUserHash,
  verifyVisitorToken,
} from './token';
import { conversationId } from '../request';
import { VISITOR_ATTRIBUTES_MAX } from '../constants';
import { signal } from '../signal';
import type { z } from 'zod';
import type { startVisitorSchema, userClaimSchema, visitorDetailsSchema } from '../schema';

type WidgetRow = typeof widgets.$inferSelect;
export type VisitorRow = typeof visitors.$inferSelect;

/** A widget and who owns it, for the visitor's side (404 for an unknown id). */
export async function requireWidget(id: string): Promise<WidgetRow> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new ApiError('notFound');
  const db = await database();
  const [row] = await db.select().from(widgets).where(eq(widgets.id, id)).limit(1);
  // A widget deactivated, or beyond its plan's widgets, is gone for visitors (lib/widgets/plan.ts).
  if (!row || !(await isServed(row, await entitlementOf(row.workspaceId, db), db))) throw new ApiError('notFound');
  return row;
}

/** The visitor a request's bearer token names for `widgetId` (404 for a malformed id, 401 for a bad token). */
function visitorClaim(request: Pick<Request, 'headers'>, widgetId: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(widgetId)) throw new ApiError('notFound');
  return verifyVisitorToken(bearerToken(request), widgetId);
}

/** 401 for a visitor or widget deleted since, or a verified user's token from before the secret's rotation. */
function assertCurrentToken(
  row: { visitor: { userId: string | null }; widget: { identityGeneration: number } } | undefined,
  generation: number | undefined,
): asserts row {
  if (!row || (row.visitor.userId !== null && generation !== row.widget.identityGeneration))
    throw new ApiError('invalidVisitorToken');
}

/**
 * The visitor of a request's bearer token for `widgetId`, with the widget, in one query: 401 for a bad
 * token (checked before the database is asked), for a visitor or widget deleted since, or for a
 * verified user's token issued before the widget's secret was rotated (the widget then starts again,
 * with the new secret's hash).
 */
export async function requireVisitor(
  request: Pick<Request, 'headers'>,
  widgetId: string,
): Promise<{ widget: WidgetRow; visitor: VisitorRow }> {
  const { visitorId, generation } = visitorClaim(request, widgetId);
  const db = await database();
  const [row] = await db
    .select({ widget: widgets, visitor: visitors })
    .from(visitors)
    .innerJoin(widgets, eq(widgets.id, visitors.widgetId))
    .where(and(eq(visitors.id, visitorId), eq(visitors.widgetId, widgetId)))
    .limit(1);
  assertCurrentToken(row, generation);
  return row;
}

/**
 * What a visitor's message needs, in one narrow query (npm run bench: a statement and most columns fewer per
 * message than requireVisitor and ownConversation): the same 401 as requireVisitor, then a 404 for a
 * conversation that is not this visitor's.
 */
export async function requireVisitorConversation(request: Pick<Request, 'headers'>, widgetId: string, cid: string) {
  const { visitorId, generation } = visitorClaim(request, widgetId);
  const id = conversationId(cid);
  const db = await database();
  const [row] = await db
    .select({
      widget: { id: widgets.id, workspaceId: widgets.workspaceId, identityGeneration: widgets.identityGeneration },
      visitor: { id: visitors.id, userId: visitors.userId, blockedAt: visitors.blockedAt },
      conversation: { id: conversations.id, status: conversations.status },
    })
    .from(visitors)
    .innerJoin(widgets, eq(widgets.id, visitors.widgetId))
    .leftJoin(
      conversations,
      and(
        eq(conversations.id, id),
        eq(conversations.visitorId, visitors.id),
        eq(conversations.widgetId, visitors.widgetId),
      ),
    )
    .where(and(eq(visitors.id, visitorId), eq(visitors.widgetId, widgetId)))
    .limit(1);
  assertCurrentToken(row, generation);
  if (!row.conversation) throw new ApiError('notFound');
  const { widget, visitor, conversation } = row;
  return {
    widget,
    visitor,
    conversation: { id: conversation.id, status: conversation.status, widgetId: widget.id, visitorId: visitor.id },
  };
}

/**
 * The e-mail address and name a verified user's claim brings, and whether its details hash signs them
 * (as the customer's server wrote them, before the name is made one line).
 */
function claimedDetails(secret: string, user: z.infer<typeof userClaimSchema>) {
  const signed =
    user.detailsHash !== undefined &&
    verifyUserDetailsHash(secret, { id: user.id, email: user.email, name: user.name?.signed }, user.detailsHash);
  return { email: user.email ?? null, name: user.name?.value ?? null, signed };
}

export type StartedVisitor = {
  token: string;
  visitorId: string;
  created: boolean;
  verified: boolean;
  name: string | null;
  email: string | null;
  /** Blocked by the workspace: the widget shows so instead of its composer. */
  blocked: boolean;
};

/**
 * The verified user's one visitor of the widget on every device: `signed` says whether the e-mail address and
 * name came signed with the id (then they are shown as verified).
 */
async function startVerifiedVisitor(
  widget: { id: string; identityGeneration: number },
  claim: { userId: string; email: string | null; name: string | null; signed: boolean },
  locale: z.infer<typeof startVisitorSchema>['locale'] | null,
): Promise<StartedVisitor> {
  const { userId, email, name, signed } = claim;
  const db = await database();
  const [row] = await db
    .insert(visitors)
    .values({
      id: newVisitorId(),
      widgetId: widget.id,
      userId,
      email,
      emailVerified: signed && email !== null,
      name,
      nameVerified: signed && name !== null,
      locale,
    })
    .onConflictDoUpdate({
      target: [visitors.widgetId, visitors.userId],
      set: {
        // A signed value replaces; the visitor's own word only fills a gap (an address) or replaces
        // what is not verified (a name), so a claim never redirects the replies of a known address.
        ...(signed && email !== null
          ? { email, emailVerified: true }
          : { email: sql`coalesce(${visitors.email}, excluded.email)` }),
        ...(signed && name !== null
          ? { name, nameVerified: true }
          : {
              name: sql`case when ${visitors.nameVerified} then ${visitors.name} else coalesce(excluded.name, ${visitors.name}) end`,
            }),
        locale: sql`coalesce(excluded.locale, ${visitors.locale})`,
        lastSeenAt: sql`now()`,
      },
    })
    .returning();
  const created = row.createdAt.getTime() === row.lastSeenAt.getTime();
  return {
    token: issueVisitorToken({ widgetId: widget.id, visitorId: row.id, generation: widget.identityGeneration }),
    visitorId: row.id,
    created,
    verified: true,
    name: row.name,
    email: row.email,
    blocked: row.blockedAt !== null,
  };
}

/**
 * Starts or renews the visitor of a widget. A claimed user comes as a JWT the customer's server signed with the
 * widget secret (`identityToken`: all it carries is verified), or as the snippet's data-user-* with
 * HMAC-SHA256(widget secret, user id): then it is that user's one visitor on every device; a wrong or
 * missing signature is refused (403), never taken as that user. That hash verifies the id only: e-mail and
 * name count as verified when the details hash signs them too (`claimedDetails`). Otherwise a valid
 * token of this widget is renewed, unless it names a verified user the page no longer claims (signed
 * out: a new anonymous visitor); a bad token is a 401. New anonymous visitors per widget and address
 * are limited.
 */
export async function startVisitor(
  request: Pick<Request, 'headers'>,
  widgetId: string,
  input: z.infer<typeof startVisitorSchema>,
  address: string,
): Promise<StartedVisitor> {
  const widget = await requireWidget(widgetId);
  const db = await database();
  const locale = input.locale ?? null;
  if (input.identityToken) {
    if (!widget.identitySecret) throw new ApiError('identityUnverified');
    const user = await verifyIdentityToken(widget.identitySecret, input.identityToken);
    return startVerifiedVisitor(widget, { userId: user.id, email: user.email, name: user.name, signed: true }, locale);
  }
  if (input.user) {
    const { id: userId, hash } = input.user;
    if (!widget.identitySecret || !verifyUserHash(widget.identitySecret, userId, hash))
      throw new ApiError('identityUnverified');
    return startVerifiedVisitor(widget, { userId, ...claimedDetails(widget.identitySecret, input.user) }, locale);
  }
  const presented = bearerToken(request);
  if (presented) {
    const { visitorId } = verifyVisitorToken(presented, widget.id);
    const [row] = await db
      .update(visitors)
      .set({ lastSeenAt: new Date(), ...(locale && { locale }) })
      .where(and(eq(visitors.id, visitorId), eq(visitors.widgetId, widget.id)))
      .returning();
    if (!row) throw new ApiError('invalidVisitorToken');
    if (row.userId === null) {
      return {
        token: issueVisitorToken({ widgetId: widget.id, visitorId: row.id }),
        visitorId: row.id,
        created: false,
        verified: false,
        name: row.name,
        email: row.email,
        blocked: row.blockedAt !== null,
      };
    }
  }
  await takeNewVisitorAllowance(widget, address);
  const [row] = await db
    .insert(visitors)
    .values({ id: newVisitorId(), widgetId: widget.id, locale })
    .returning({ id: visitors.id });
  const token = issueVisitorToken({ widgetId: widget.id, visitorId: row.id });
  return { token, visitorId: row.id, created: true, verified: false, name: null, email: null, blocked: false };
}

/**
 * The stored attributes with `attributes` merged in (null removes a key), and the condition that the result keeps
 * within VISITOR_ATTRIBUTES_MAX: checked on the row as the update finds it, so concurrent pages cannot pass it.
 */
function mergedAttributes(attributes: NonNullable<z.infer<typeof visitorDetailsSchema>['attributes']>) {
  const entries = Object.entries(attributes);
  const kept = Object.fromEntries(entries.filter(([, value]) => value !== null));
  const removed = entries.filter(([, value]) => value === null).map(([key]) => sql` - ${key}::text`);
  const merged = sql`((${visitors.attributes} || ${JSON.stringify(kept)}::jsonb)${sql.join(removed, sql``)})`;
  return {
    merged,
    fits: sql`(select count(*) from jsonb_object_keys(${merged})) <= ${VISITOR_ATTRIBUTES_MAX}::int`,
  };
}

/**
 * What an anonymous visitor says about themselves (the pre-chat form, the e-mail form when nobody is
 * available), and what the customer's page says of any visitor (`attributes`). A verified visitor's name and
 * address come from the customer's site and stay; the inbox shows the change at once.
 */
export async function updateVisitorDetails(
  widget: WidgetRow,
  visitor: VisitorRow,
  input: z.infer<typeof visitorDetailsSchema>,
): Promise<VisitorRow> {
  const db = await database();
  const verified = visitor.userId !== null;
  const attributes =
    input.attributes && Object.keys(input.attributes).length ? mergedAttributes(input.attributes) : null;
  const changes = {
    ...(input.name !== undefined && !(verified && visitor.name) && { name: input.name }),
    ...(input.email !== undefined && !(verified && visitor.email) && { email: input.email }),
    ...(attributes && { attributes: attributes.merged }),
  };
  if (Object.keys(changes).length === 0) return visitor;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(visitors)
      .set(changes)
      .where(and(eq(visitors.id, visitor.id), attributes?.fits))
      .returning();
    if (!row) throw new ApiError('tooManyAttributes');
    const own = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.visitorId, visitor.id));
    for (const { id } of own) await signal(tx, { k: 'c', ws: widget.workspaceId, c: id });
    return row;
  });
}
