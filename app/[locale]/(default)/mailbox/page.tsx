import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import type { Locale } from '@/lib/i18n/routing';
import { listMailbox, mailboxAvailable } from '@/lib/auth/mailbox';
import { listLocalMails } from '@/lib/mail';
import { MessageText } from '@/components/chat/message-text';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { LocalTime } from '@/components/ui/local-time';
import { withErrorPage } from '@/components/errors/page-boundary';
import { MailAttachments } from '@/components/mailbox/mail-attachments';

// Local mode only: lists what the Auth emulator would have e-mailed and the app's own e-mails (lib/mail),
// with working links.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/mailbox'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'mailbox');
}

export default withErrorPage(async function MailboxPage({ params, searchParams }: PageProps<'/[locale]/mailbox'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  if (!mailboxAvailable()) notFound();
  const t = await getTranslations('Mailbox');
  const { to } = await searchParams;
  const messages = (await listMailbox()).filter((message) => typeof to !== 'string' || message.email === to);
  const mails = (await listLocalMails()).filter((mail) => typeof to !== 'string' || mail.to === to);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <Card>
        {messages.length === 0 ? (
          <p className="text-slate-700">{t('empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {messages.map((message) => (
              <li key={message.oobCode} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-slate-900">{t(`subjects.${message.mode}`)}</p>
                  <p className="text-sm text-slate-700">{t('to', { email: message.newEmail ?? message.email })}</p>
                </div>
                <Link
                  href={{
                    pathname: '/verify-email',
                    query: {
                      mode: message.mode,
                      oobCode: message.oobCode,
                      ...(message.continueUrl && { continueUrl: message.continueUrl }),
                    },
                  }}
                  className="font-semibold text-brand-700 underline underline-offset-4"
                >
                  {t(`actions.${message.mode}`)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <h2 className="mt-8 mb-3 text-xl font-bold text-slate-900">{t('appMails')}</h2>
      {mails.length === 0 ? (
        <Card>
          <p className="text-slate-700">{t('empty')}</p>
        </Card>
      ) : (
        <ul className="space-y-4">
          {mails.map((mail) => (
            <li key={mail.id}>
              <article
                aria-label={mail.subject}
                data-mail-kind={mail.kind}
                className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
              >
                <h3 className="font-semibold text-slate-900">{mail.subject}</h3>
                <p className="text-sm text-slate-700">
                  {t('to', { email: mail.to })} · <LocalTime dateTime={mail.sentAt} locale={locale} />
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-900">
                  <MessageText text={mail.text} />
                </p>
                <MailAttachments files={mail.attachments.map((file) => ({ ...file, label: t('attachment', file) }))} />
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
});
