import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { listQuerySchema } from '@/lib/tickets/schema';
import { listTickets } from '@/lib/tickets/service';
import { listAllFeedback } from '@/lib/feedback/service';
import { requireUser } from '@/lib/auth/require-user';
import { signedInUserOf } from '@/lib/session/server';
import { PageHeader } from '@/components/ui/page-header';
import { SupportDesk } from '@/components/dashboard/support-desk';
import { withErrorPage } from '@/components/errors/page-boundary';

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
  const [t, tickets, feedback] = await Promise.all([
    getTranslations('Dashboard.admin'),
    listTickets(signedInUserOf(user), { ...query, all: true }),
    listAllFeedback(),
  ]);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <SupportDesk tickets={tickets} status={query.status} feedback={feedback} />
    </>
  );
});
