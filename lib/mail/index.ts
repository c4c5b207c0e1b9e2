import 'server-only';
import { desc } from 'drizzle-orm';
import { database } from '@/lib/db';
import { mails } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import { renderMail, type MailData, type MailKind } from './templates';
import { deliver } from './transport';

export type { MailData, MailKind } from './templates';

/** Sends one e-mail of `kind` to `to`, written in `locale` (every e-mail of the app goes through here). */
export async function sendMail<K extends MailKind>(
  kind: K,
  to: string,
  locale: Locale,
  data: MailData[K],
): Promise<void> {
  await deliver({ kind, to, ...(await renderMail(kind, locale, data)) });
}

export type LocalMail = { id: string; kind: string; to: string; subject: string; text: string; sentAt: string };

/** Local mode: the latest e-mails the app would have sent, newest first (the /mailbox page). */
export async function listLocalMails(limit = 100): Promise<LocalMail[]> {
  const db = await database();
  const rows = await db.select().from(mails).orderBy(desc(mails.createdAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    text: row.text,
    sentAt: row.createdAt.toISOString(),
  }));
}
