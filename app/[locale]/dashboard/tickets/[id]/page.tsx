import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { Link } from '@/components/ui/link';
import { pageMetadata } from '@/lib/seo/metadata';
import { getTicket } from '@/lib/tickets/service';
import { requireUser } from '@/lib/auth/require-user';
import { signedInUserOf } from '@/lib/session/server';
import { cn } from '@/lib/cn';
import { Card } from '@/components/ui/card';
import { RelativeTime } from '@/components/ui/relative-time';
import { StatusBadge } from '@/components/tickets/status-badge';
import { ReplyForm } from '@/components/tickets/reply-form';
import { StatusButtons, type StatusAction } from '@/components/tickets/status-buttons';
import { withErrorPage } from '@/components/errors/page-boundary';
import { loadMessages } from '@/lib/i18n/messages';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/tickets/[id]'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'tickets');
}

/** One ticket and its thread; anyone but its owner (and support staff) gets a 404. */
export default withErrorPage(async function TicketPage({ params }: PageProps<'/[locale]/dashboard/tickets/[id]'>) {
  const { locale, id } = await params;
  setRequestLocale(locale as Locale);
  const user = await requireUser();
  const found = await getTicket(signedInUserOf(user), id);
  if (!found) notFound();
  const { ticket, messages } = found;
  const [t, { Dashboard }] = await Promise.all([getTranslations('Dashboard.tickets'), loadMessages(locale as Locale)]);
  const ownTicket = ticket.uid === user.uid;
  const action = (status: StatusAction['status'], key: 'close' | 'reopen' | 'markAnswered'): StatusAction => ({
    status,
    label: t(`detail.actions.${key}`),
    done: t(`detail.actions.${key}Done`),
  });
  const actions = [
    ...(ticket.status !== 'closed' ? [action('closed', 'close')] : [action('open', 'reopen')]),
    ...(user.admin && ticket.status === 'open' ? [action('answered', 'markAnswered')] : []),
  ];
  return (
    <>
      <p className="mb-4">
        <Link
          href={user.admin && !ownTicket ? '/dashboard/admin' : '/dashboard/tickets'}
          className="text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          {t('detail.back')}
        </Link>
      </p>
      <header className="mb-6 space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{ticket.subject}</h1>
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <StatusBadge status={ticket.status} label={t(`status.${ticket.status}`)} />
          <span>{t(`categories.${ticket.category}`)}</span>
          <span>
            {t('detail.opened')} <RelativeTime date={ticket.createdAt} />
          </span>
          {!ownTicket && ticket.email && <span>{ticket.email}</span>}
        </p>
      </header>
      <div className="space-y-6">
        <Card title={t('detail.thread')} titleId="thread-title">
          <ol className="space-y-4">
            {messages.map((message) => (
              <li
                key={message.id}
                className={cn(
                  'rounded-md border p-4',
                  message.staff ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200 bg-slate-50',
                )}
              >
                <p className="mb-2 text-sm text-slate-700">
                  <strong className="font-semibold text-slate-900">
                    {message.staff
                      ? t('detail.support')
                      : message.authorUid === user.uid
                        ? t('detail.you')
                        : (message.authorName ?? t('detail.customer'))}
                  </strong>{' '}
                  · <RelativeTime date={message.createdAt} />
                </p>
                {/* Text, never HTML: React escapes it; line breaks are kept by the style. */}
                <p className="whitespace-pre-wrap break-words text-slate-900">{message.body}</p>
              </li>
            ))}
          </ol>
        </Card>
        <Card title={t('detail.replyTitle')} titleId="reply-title">
          {ticket.status === 'closed' ? (
            <p className="text-slate-700">{t('detail.closedNote')}</p>
          ) : (
            <ReplyForm
              ticketId={ticket.id}
              labels={Dashboard.tickets.detail}
              error={Dashboard.tickets.errors.general}
            />
          )}
          <div className="mt-6 border-t border-slate-200 pt-4">
            <StatusButtons ticketId={ticket.id} actions={actions} error={t('errors.general')} />
          </div>
        </Card>
      </div>
    </>
  );
});
