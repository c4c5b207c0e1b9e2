import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { profiles, ticketMessages, tickets } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/paths';
import { sendMail } from '@/lib/mail';
import { mailLater } from '@/lib/mail/later';
import { mailRecipient } from '@/lib/session/recipient';

/**
 * Mails a staff reply to the ticket's owner, in the owner's language (saved in the settings, else the
 * ticket's), unless they turned "When support answers one of my tickets" off. The conditional update is
 * the claim: one e-mail per reply, whichever request gets there first; a failed sending releases it.
 */
export async function notifyTicketReply(messageId: string): Promise<boolean> {
  const db = await database();
  const [claimed] = await db
    .update(ticketMessages)
    .set({ notifiedAt: new Date() })
    .where(
      and(
        eq(ticketMessages.id, messageId),
        eq(ticketMessages.staff, true),
        isNull(ticketMessages.notifiedAt),
        // No saved settings: the switch's default, on.
        sql`not exists (select 1 from ${tickets} join ${profiles} on ${profiles.uid} = ${tickets.uid}
          where ${tickets.id} = ${ticketMessages.ticketId} and not ${profiles.notifyTicketReplies})`,
      ),
    )
    .returning({ ticketId: ticketMessages.ticketId, body: ticketMessages.body });
  if (!claimed) return false;
  try {
    const [ticket] = await db
      .select({ uid: tickets.uid, email: tickets.email, subject: tickets.subject, locale: tickets.locale })
      .from(tickets)
      .where(eq(tickets.id, claimed.ticketId));
    // The address of the owner's latest sign-in (it may have changed since the ticket).
    const recipient = await mailRecipient(ticket.uid);
    const to = recipient.email ?? ticket.email;
    if (!to) return false;
    const locale = recipient.locale ?? ticket.locale;
    await sendMail('ticketReply', to, locale, {
      subject: ticket.subject,
      text: claimed.body,
      link: `${env.siteUrl}${localizedPath(`/dashboard/tickets/${claimed.ticketId}`, locale)}`,
      settings: `${env.siteUrl}${localizedPath('/dashboard/settings', locale)}`,
    });
    return true;
  } catch (error) {
    await db.update(ticketMessages).set({ notifiedAt: null }).where(eq(ticketMessages.id, messageId));
    throw error;
  }
}

/** After a staff reply has been answered to its request: its e-mail to the ticket's owner. */
export const notifyTicketReplyLater = (messageId: string) =>
  mailLater(() => notifyTicketReply(messageId), 'ticket reply notification');
