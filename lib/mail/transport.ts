import 'server-only';
import { database } from '@/lib/db';
import { mails } from '@/lib/db/schema';
import { env } from '@/lib/env';
import type { MailKind, RenderedMail } from './templates';

export type Envelope = { kind: MailKind; to: string } & RenderedMail;

type Transporter = {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
};
const holder = globalThis as typeof globalThis & { __smtp?: Promise<Transporter> };

/** One SMTP transport per process (nodemailer), made on first use; `?pool=true` in SMTP_URL pools connections. */
function smtp(url: string): Promise<Transporter> {
  return (holder.__smtp ??= import('nodemailer').then(
    ({ createTransport }) => createTransport(url) as unknown as Transporter,
  ));
}

/**
 * Delivers an e-mail: through SMTP when SMTP_URL is set; in local mode into the `mails` table, which
 * /mailbox lists; otherwise (a real project without SMTP) not at all, said in the log.
 */
export async function deliver(mail: Envelope): Promise<void> {
  const { transport, smtpUrl, from } = env.mail;
  if (transport === 'smtp') {
    await (
      await smtp(smtpUrl!)
    ).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  } else if (transport === 'mailbox') {
    await (await database()).insert(mails).values(mail);
  } else {
    console.warn(`mail: not sent (${mail.kind}): SMTP_URL is not set`);
  }
}
