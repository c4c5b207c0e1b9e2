import 'server-only';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { feedback, orders, products, ticketMessages, tickets, type OrderStatus } from '@/lib/db/schema';

export type Activity =
  | { kind: 'ticketOpened' | 'replySent' | 'staffReplied'; at: Date; ticketId: string; subject: string }
  | { kind: 'feedbackSent'; at: Date; rating: number }
  /** A paid order (when it was paid), or one that was not (when it was placed) with its status. */
  | {
      kind: 'orderPaid' | 'orderPlaced';
      at: Date;
      orderId: string;
      reference: string;
      product: { en: string; de: string };
      status: OrderStatus;
    };

const LATEST = 5;

/**
 * What the overview shows: open tickets, paid orders, and the latest things that happened in the account
 * (tickets, feedback and orders).
 */
export async function accountOverview(
  uid: string,
): Promise<{ openTickets: number; orders: number; activity: Activity[] }> {
  const db = await database();
  const [[open], [ordered], messages, given, placed] = await Promise.all([
    db
      .select({ total: count() })
      .from(tickets)
      .where(and(eq(tickets.uid, uid), ne(tickets.status, 'closed'))),
    // A checkout left, expired or failed is no order the user has.
    db
      .select({ total: count() })
      .from(orders)
      .where(and(eq(orders.uid, uid), eq(orders.status, 'paid'))),
    // A ticket's first message shares the ticket's request key (lib/tickets/service: createTicket).
    db
      .select({
        at: ticketMessages.createdAt,
        staff: ticketMessages.staff,
        ticketId: tickets.id,
        subject: tickets.subject,
        first: eq(ticketMessages.requestKey, tickets.requestKey),
      })
      .from(ticketMessages)
      .innerJoin(tickets, eq(ticketMessages.ticketId, tickets.id))
      .where(eq(tickets.uid, uid))
      .orderBy(desc(ticketMessages.createdAt))
      .limit(LATEST),
    db
      .select({ at: feedback.createdAt, rating: feedback.rating })
      .from(feedback)
      .where(eq(feedback.uid, uid))
      .orderBy(desc(feedback.createdAt))
      .limit(LATEST),
    db
      .select({
        at: sql<Date>`coalesce(${orders.paidAt}, ${orders.createdAt})`.mapWith(orders.createdAt),
        orderId: orders.id,
        reference: orders.reference,
        product: products.name,
        status: orders.status,
      })
      .from(orders)
      .innerJoin(products, eq(orders.productId, products.id))
      .where(eq(orders.uid, uid))
      .orderBy(desc(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`))
      .limit(LATEST),
  ]);
  const activity: Activity[] = [
    ...messages.map(({ at, staff, ticketId, subject, first }) => ({
      kind: staff ? ('staffReplied' as const) : first ? ('ticketOpened' as const) : ('replySent' as const),
      at,
      ticketId,
      subject,
    })),
    ...given.map(({ at, rating }) => ({ kind: 'feedbackSent' as const, at, rating })),
    ...placed.map((order) => ({
      kind: order.status === 'paid' ? ('orderPaid' as const) : ('orderPlaced' as const),
      ...order,
    })),
  ];
  activity.sort((a, b) => b.at.getTime() - a.at.getTime());
  return { openTickets: open.total, orders: ordered.total, activity: activity.slice(0, LATEST) };
}
