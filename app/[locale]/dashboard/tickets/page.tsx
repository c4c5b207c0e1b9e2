import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import { pageMetadata } from '@/lib/seo/metadata';
import { TICKET_CATEGORIES, TICKET_STATUSES } from '@/lib/db/schema/tickets';
import { listQuerySchema } from '@/lib/tickets/schema';
import { listTickets } from '@/lib/tickets/service';
import { requireUser } from '@/lib/auth/require-user';
import { signedInUserOf } from '@/lib/session/server';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { TicketList } from '@/components/tickets/ticket-list';
import { TicketForm } from '@/components/tickets/ticket-form';
import { withErrorPage } from '@/components/errors/page-boundary';
import { loadMessages } from '@/lib/i18n/messages';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/tickets'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'tickets');
}

export default withErrorPage(async function TicketsPage({
  params,
  searchParams,
}: PageProps<'/[locale]/dashboard/tickets'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = await requireUser();
  const raw = await searchParams;
  const query = listQuerySchema.parse({ status: raw.status, page: raw.page });
  const [t, { Dashboard }, result] = await Promise.all([
    getTranslations('Dashboard.tickets'),
    loadMessages(locale),
    listTickets(signedInUserOf(user), query),
  ]);
  const { create, categories, errors } = Dashboard.tickets;
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
            labels={{ create, categories, errors }}
            categories={TICKET_CATEGORIES}
          />
        </Card>
      </div>
    </>
  );
});
