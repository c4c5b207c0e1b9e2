import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { conversationMessages } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/paths';
import { sendMail } from '@/lib/mail';
import { mailLater } from '@/lib/mail/later';
import { mailRecipient } from '@/lib/session/recipient';
import { details } from './notify';
import { dashboardOpen } from './operators';

/**
 * Claims the e-mail to `uid` about note `noteId`: written only while no dashboard of theirs is open on any
 * instance; the key of mention_mails is the claim, so each note mails each person once, whoever tries.
 */
async function claim(noteId: number, uid: string): Promise<boolean> {
  const db = await database();
  const result = await db.execute(sql`
    insert into mention_mails (message_id, uid)
    select ${noteId}, ${uid} where not ${dashboardOpen(uid)}
    on conflict (message_id, uid) do nothing
    returning uid`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * E-mails each member note `noteId` mentions who has no dashboard open (the dashboard alerts the others), in
 * their language, with the note and a link to the conversation; answers how many were sent. A failed sending
 * releases its claim.
 */
export async function mailMentions(noteId: number): Promise<number> {
  const db = await database();
  const [note] = await db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.id, noteId), eq(conversationMessages.sender, 'note')));
  const found = note && (await details(note.conversationId));
  if (!found) return 0;
  const { widget, visitor } = found;
  let sent = 0;
  for (const uid of note.mentions) {
    const to = await mailRecipient(uid);
    if (!to.email || !(await claim(note.id, uid))) continue;
    const locale = to.locale ?? widget.locale;
    try {
      await sendMail('noteMention', to.email, locale, {
        author: note.authorName ?? '',
        widget: widget.name,
        visitor: visitor.name ?? visitor.email,
        text: note.body,
        link: `${env.siteUrl}${localizedPath('/dashboard/inbox', locale)}?conversation=${note.conversationId}`,
      });
      sent++;
    } catch (error) {
      await db.execute(sql`delete from mention_mails where message_id = ${note.id} and uid = ${uid}`);
      throw error;
    }
  }
  return sent;
}

/** After a note: its mentions' e-mails go after the answer. */
export const mailMentionsLater = (noteId: number) => mailLater(() => mailMentions(noteId), 'mention mail');
