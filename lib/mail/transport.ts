import 'server-only';
import { database } from '@/lib/db';
import { mailAttachments, mails } from '@/lib/db/schema';
import { env } from '@/lib/env';
import type { MailKind, RenderedMail } from './templates';

/** A file sent with an e-mail (an invoice's PDF). */
export type MailAttachment = { filename: string; contentType: string; bytes: Uint8Array };

export type Envelope = {
  kind: MailKind;
  to: string;
  attachments?: MailAttachment[];
  visitorId?: string | null;
} & RenderedMail;

type Transporter = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments: { filename: string; contentType: string; content: Buffer }[];
  }): Promise<unknown>;
};
const holder = globalThis as typeof globalThis & { __smtp?: Promise<Transporter> };

/** One SMTP transport per process (nodemailer), made on first use; `?pool=true` in SMTP_URL pools connections. */
function smtp(url: string): Promise<Transporter> {
  return (holder.__smtp ??= import('nodemailer').then(
    ({ createTransport }) => createTransport(url) as unknown as Transporter,
  ));
}

/**
 * Delivers an e-mail: through SMTP when SMTP_URL is set (attachments as MIME parts); in local mode into the
 * `mails` table with its attachments, which /mailbox lists; otherwise (a real project without SMTP) not at
 * all, said in the log.
 */
export async function deliver({ attachments = [], visitorId = null, ...mail }: Envelope): Promise<void> {
  const { transport, smtpUrl, from } = env.mail;
  if (transport === 'smtp') {
    await (
      await smtp(smtpUrl!)
    ).sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: attachments.map(({ filename, contentType, bytes }) => ({
        filename,
        contentType,
        content: Buffer.from(bytes),
      })),
    });
  } else if (transport === 'mailbox') {
    await (
      await database()
    ).transaction(async (tx) => {
      const [{ id }] = await tx
        .insert(mails)
        .values({ ...mail, visitorId })
        .returning({ id: mails.id });
      if (attachments.length > 0)
        await tx.insert(mailAttachments).values(
          attachments.map(({ filename, contentType, bytes }) => ({
            mailId: id,
            filename,
            contentType,
            bytes: Buffer.from(bytes),
          })),
        );
    });
  } else {
    console.warn(`mail: not sent (${mail.kind}): SMTP_URL is not set`);
  }
}
