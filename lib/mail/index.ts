import 'server-only';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { database } from '@/lib/db';
import { mailAttachments, mails } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import { renderMail, type MailData, type MailKind } from './templates';
import { deliver, type MailAttachment } from './transport';

export type { MailData, MailKind } from './templates';
export type { MailAttachment } from './transport';

/**
 * Sends one e-mail of `kind` to `to`, written in `locale`, with `attachments` if any (every e-mail of the app
 * goes through here). `visitorId`: the widget visitor it is about, so that erasing them deletes its local copy.
 */
export async function sendMail<K extends MailKind>(
  kind: K,
  to: string,
  locale: Locale,
  data: MailData[K],
  attachments: MailAttachment[] = [],
  visitorId: string | null = null,
): Promise<void> {
  await deliver({ kind, to, attachments, visitorId, ...(await renderMail(kind, locale, data)) });
}

/** An attachment as /mailbox lists it: its download address is /api/mailbox/attachments/:id. */
export type LocalAttachment = { id: string; filename: string; size: number };

export type LocalMail = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
  attachments: LocalAttachment[];
};

/** Local mode: the latest e-mails the app would have sent, newest first (the /mailbox page). */
export async function listLocalMails(limit = 100): Promise<LocalMail[]> {
  const db = await database();
  const rows = await db.select().from(mails).orderBy(desc(mails.createdAt)).limit(limit);
  const files =
    rows.length === 0
      ? []
      : await db
          .select({
            id: mailAttachments.id,
            mailId: mailAttachments.mailId,
            filename: mailAttachments.filename,
            size: sql<number>`octet_length(${mailAttachments.bytes})`,
          })
          .from(mailAttachments)
          .where(
            inArray(
              mailAttachments.mailId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(mailAttachments.createdAt, mailAttachments.id);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    text: row.text,
    sentAt: row.createdAt.toISOString(),
    attachments: files
      .filter((file) => file.mailId === row.id)
      .map(({ id, filename, size }) => ({ id, filename, size: Number(size) })),
  }));
}

/** Local mode: one attachment of a mail in the `mails` table, null when there is none with that id. */
export async function localAttachment(
  id: string,
): Promise<{ filename: string; contentType: string; bytes: Buffer } | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await (
    await database()
  )
    .select({
      filename: mailAttachments.filename,
      contentType: mailAttachments.contentType,
      bytes: mailAttachments.bytes,
    })
    .from(mailAttachments)
    .where(eq(mailAttachments.id, id));
  return row ?? null;
}
