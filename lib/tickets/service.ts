import 'server-only';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { requestKey } from '@/lib/api/idempotency';
import { database } from '@/lib/db';
import type { Database } from '@/lib/db/types';
import { ticketMessages, tickets, type TicketStatus } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import type { SignedInUser } from '@/lib/session/server';
import { notifyTicketReplyLater } from './notify';
import { TICKET_PAGE_SIZE, type CreateTicketInput, type ReplyInput } from './schema';

export type Ticket = typeof tickets.$inferSelect;
export type TicketMessage = typeof ticketMessages.$inferSelect;

// What the API sends, column by column: a new column reaches a client only when it is listed here.
const publicTicket = (t: Ticket) => ({
  id: t.id,
  uid: t.uid,
  email: t.email,
  subject: t.subject,
  category: t.category,
  status: t.status,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});
const publicMessage = (m: TicketMessage) => ({
  id: m.id,
  ticketId: m.ticketId,
  authorUid: m.authorUid,
  authorName: m.authorName,
  staff: m.staff,
  body: m.body,
  createdAt: m.createdAt,
});
export type TicketView = ReturnType<typeof publicTicket>;
export type TicketMessageView = ReturnType<typeof publicMessage>;

/** The ticket when the user may see it (its owner, or support staff); otherwise null, never a hint. */
async function visibleTicket(user: SignedInUser, id: string): Promise<Ticket | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const db = await database();
  const owner = user.admin ? undefined : eq(tickets.uid, user.uid);
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), owner))
    .limit(1);
  return row ?? null;
}

/**
 * Opens a ticket with its first message, in one transaction; a double submit answers the first ticket.
 * `locale`: the language it is opened in (its e-mails', unless the owner saves another in the settings).
 */
export async function createTicket(
  user: SignedInUser,
  input: CreateTicketInput,
  locale: Locale,
): Promise<{ ticket: TicketView; created: boolean }> {
  const key = requestKey(input.requestKey, user.uid, [input.subject, input.category, input.message]);
  const db = await database();
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(tickets)
      .values({
        uid: user.uid,
        email: user.email,
        subject: input.subject,
        category: input.category,
        locale,
        requestKey: key,
      })
      .onConflictDoNothing({ target: [tickets.uid, tickets.requestKey] })
      .returning();
    if (!ticket) {
      const [existing] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.uid, user.uid), eq(tickets.requestKey, key)));
      return { ticket: publicTicket(existing), created: false };
    }
    await tx.insert(ticketMessages).values({
      ticketId: ticket.id,
      authorUid: user.uid,
      authorName: user.displayName ?? user.email,
      body: input.message,
      requestKey: key,
    });
    return { ticket: publicTicket(ticket), created: true };
  });
}

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / TICKET_PAGE_SIZE));

/** A page of the tickets `where` selects, newest activity first. */
function ticketPage(db: Database, where: SQL | undefined, page: number) {
  return db
    .select()
    .from(tickets)
    .where(where)
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(TICKET_PAGE_SIZE)
    .offset((page - 1) * TICKET_PAGE_SIZE);
}

/**
 * The user's tickets (support staff: everyone's with `all`), newest activity first, a page at a time; a page
 * past the last one is answered with the last. A page neither full nor empty is the last, and tells the count
 * itself: most lists are one such page, read with one query.
 */
export async function listTickets(
  user: SignedInUser,
  options: { status?: TicketStatus; page?: number; all?: boolean } = {},
): Promise<{ items: TicketView[]; total: number; page: number; pages: number }> {
  if (options.all && !user.admin) throw new ApiError('forbidden');
  const db = await database();
  const filters: SQL[] = [];
  if (!options.all) filters.push(eq(tickets.uid, user.uid));
  if (options.status) filters.push(eq(tickets.status, options.status));
  const where = and(...filters);
  let page = Math.max(1, options.page ?? 1);
  let items = await ticketPage(db, where, page);
  let total = (page - 1) * TICKET_PAGE_SIZE + items.length;
  if (items.length === TICKET_PAGE_SIZE || (items.length === 0 && page > 1)) {
    [{ total }] = await db.select({ total: count() }).from(tickets).where(where);
    if (page > pagesOf(total)) {
      page = pagesOf(total);
      items = total ? await ticketPage(db, where, page) : [];
    }
  }
  return { items: items.map(publicTicket), total, page, pages: pagesOf(total) };
}

/** One ticket with its thread, oldest message first; null when it is not the user's (→ 404). */
export async function getTicket(
  user: SignedInUser,
  id: string,
): Promise<{ ticket: TicketView; messages: TicketMessageView[] } | null> {
  const ticket = await visibleTicket(user, id);
  if (!ticket) return null;
  const db = await database();
  const messages = await db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, id))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  return { ticket: publicTicket(ticket), messages: messages.map(publicMessage) };
}

/**
 * Adds a reply. Support staff's reply marks the ticket answered and is mailed to the owner (after the
 * answer; a repeated request finds the reply and mails it only if it was not yet); the owner's reopens it
 * for support. A closed ticket takes no replies until it is reopened.
 */
export async function replyToTicket(
  user: SignedInUser,
  id: string,
  input: ReplyInput,
): Promise<{ message: TicketMessageView; ticket: TicketView; created: boolean }> {
  const ticket = await visibleTicket(user, id);
  if (!ticket) throw new ApiError('notFound');
  if (ticket.status === 'closed') throw new ApiError('ticketClosed');
  const staff = user.admin && ticket.uid !== user.uid;
  const key = requestKey(input.requestKey, user.uid, [id, input.message]);
  const db = await database();
  const result = await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(ticketMessages)
      .values({
        ticketId: id,
        authorUid: user.uid,
        authorName: user.displayName ?? user.email,
        staff,
        body: input.message,
        requestKey: key,
      })
      .onConflictDoNothing({ target: [ticketMessages.ticketId, ticketMessages.authorUid, ticketMessages.requestKey] })
      .returning();
    if (!message) {
      const [existing] = await tx
        .select()
        .from(ticketMessages)
        .where(
          and(
            eq(ticketMessages.ticketId, id),
            eq(ticketMessages.authorUid, user.uid),
            eq(ticketMessages.requestKey, key),
          ),
        );
      return { message: publicMessage(existing), ticket: publicTicket(ticket), created: false };
    }
    const [updated] = await tx
      .update(tickets)
      .set({ status: staff ? 'answered' : 'open', updatedAt: sql`now()` })
      .where(eq(tickets.id, id))
      .returning();
    return { message: publicMessage(message), ticket: publicTicket(updated), created: true };
  });
  if (result.message.staff) notifyTicketReplyLater(result.message.id);
  return result;
}

/**
 * Changes the status. The owner closes and reopens; only support staff mark a ticket answered (403 for
 * anyone else).
 */
export async function setTicketStatus(user: SignedInUser, id: string, status: TicketStatus): Promise<TicketView> {
  const ticket = await visibleTicket(user, id);
  if (!ticket) throw new ApiError('notFound');
  if (status === 'answered' && !user.admin) throw new ApiError('forbidden');
  if (ticket.status === status) return publicTicket(ticket);
  const db = await database();
  const [updated] = await db
    .update(tickets)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(tickets.id, id))
    .returning();
  return publicTicket(updated);
}
