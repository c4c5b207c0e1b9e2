import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import { pageMetadata } from '@/lib/seo/metadata';
import { TICKET_CATEGORIES, TICKET_STATUSES } from '@/lib/db/schema';
import { listQuerySchema } from '@/lib/tickets/schema';
import { listTickets } from '@/lib/tickets/service';
import { requireUser } from '@/lib/session/require-user';
import { actorOf } from '@/lib/session/server';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { TicketList } from '@/components/tickets/ticket-list';
import { TicketForm } from '@/components/tickets/ticket-form';
import { withErrorPage } from '@/lib/errors/page-boundary';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/tickets'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'tickets');
}

export default withErrorPage(async function TicketsPage({ params, searchParams }: PageProps<'/[locale]/dashboard/tickets'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = await requireUser();
  const raw = await searchParams;
  const query = listQuerySchema.parse({ status: raw.status, page: raw.page });
  const [t, result] = await Promise.all([getTranslations('Dashboard.tickets'), listTickets(actorOf(user), query)]);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Card title={t('list.title')} titleId="ticket-list-title">
          <TicketList result={result} path="/dashboard/tickets" status={query.status} />
          <h3 className="mt-6 text-sm font-semibold text-slate-900">{t('list.statusLegend')}</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800">
            {TICKET_STATUSES.map((status) => (
              <div key={status} className="contents">
                <dt className="font-medium">{t(`status.${status}`)}</dt>
                <dd>{t(`statusHelp.${status}`)}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card title={t('create.title')} titleId="ticket-create-title">
          <TicketForm
            detailPath={localizedPath('/dashboard/tickets', locale)}
            labels={{
              title: t('create.title'),
              subject: t('create.subject'),
              category: t('create.category'),
              message: t('create.message'),
              submit: t('create.submit'),
              created: t('create.created'),
              error: t('errors.general'),
              categories: TICKET_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) })),
            }}
          />
        </Card>
      </div>
    </>
  );
});
