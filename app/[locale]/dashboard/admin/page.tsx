import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { listQuerySchema } from '@/lib/tickets/schema';
import { listTickets } from '@/lib/tickets/service';
import { listAllFeedback } from '@/lib/feedback/service';
import { requireUser } from '@/lib/session/require-user';
import { actorOf } from '@/lib/session/server';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { TicketList } from '@/components/tickets/ticket-list';
import { FeedbackList } from '@/components/feedback/feedback-list';
import { withErrorPage } from '@/lib/errors/page-boundary';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/admin'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'admin');
}

/** The support desk: every customer's tickets and all feedback. Anyone but support staff gets a 404. */
export default withErrorPage(async function AdminPage({
  params,
  searchParams,
}: PageProps<'/[locale]/dashboard/admin'>) {
  setRequestLocale((await params).locale as Locale);
  const user = await requireUser();
  if (!user.admin) notFound();
  const raw = await searchParams;
  const query = listQuerySchema.parse({ status: raw.status, page: raw.page });
  const [t, format, tickets, feedback] = await Promise.all([
    getTranslations('Dashboard.admin'),
    getFormatter(),
    listTickets(actorOf(user), { ...query, all: true }),
    listAllFeedback(),
  ]);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="space-y-6">
        <Card title={t('tickets')} titleId="admin-tickets-title">
          <TicketList result={tickets} path="/dashboard/admin" status={query.status} showAuthor />
        </Card>
        <Card title={t('feedback')} titleId="admin-feedback-title">
          <p className="mb-4 text-slate-800" data-testid="average-rating">
            {feedback.averageRating === null
              ? t('noRatings')
              : t('average', {
                  average: format.number(feedback.averageRating, { maximumFractionDigits: 2 }),
                  count: feedback.total,
                })}
          </p>
          <FeedbackList items={feedback.items} showAuthor />
        </Card>
      </div>
    </>
  );
});
