import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { loadMessages } from '@/lib/i18n/messages';
import { localizedPath } from '@/lib/i18n/paths';
import { pageMetadata } from '@/lib/seo/metadata';
import { requireUser } from '@/lib/auth/require-user';
import { signedInUserOf } from '@/lib/session/server';
import { canIn } from '@/lib/workspaces/permissions';
import { currentWorkspace } from '@/lib/workspaces/service';
import { withErrorPage } from '@/components/errors/page-boundary';
import { PageHeader } from '@/components/ui/page-header';
import { Reports } from '@/components/reports/reports';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/reports'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'reports');
}

/**
 * The current workspace's reports (owners and admins: `reports.read`; agents are told who sees them). The figures
 * load in the browser, which knows the operator's time zone that makes the days.
 */
export default withErrorPage(async function ReportsPage({ params }: PageProps<'/[locale]/dashboard/reports'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = signedInUserOf(await requireUser());
  const workspace = await currentWorkspace(user);
  const [t, { Dashboard }] = await Promise.all([getTranslations('Dashboard.reports'), loadMessages(locale)]);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      {canIn(workspace, 'reports.read') ? (
        <Reports
          key={workspace.id}
          api={`/api/workspaces/${workspace.id}/reports`}
          drillPath={localizedPath('/dashboard/reports/conversations', locale)}
          labels={Dashboard.reports}
          locale={locale}
        />
      ) : (
        <p className="text-slate-700">{t('agentNote')}</p>
      )}
    </>
  );
});
