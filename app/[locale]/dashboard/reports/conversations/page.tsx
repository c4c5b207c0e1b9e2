import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { requireUser } from '@/lib/auth/require-user';
import { signedInUserOf } from '@/lib/session/server';
import { canIn } from '@/lib/workspaces/permissions';
import { currentWorkspace } from '@/lib/workspaces/service';
import { reportConversations } from '@/lib/reports/drill';
import { reportDrillSchema, reportPeriodSchema } from '@/lib/reports/schema';
import { withErrorPage } from '@/components/errors/page-boundary';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { LocalTime } from '@/components/ui/local-time';
import { formatDuration } from '@/components/reports/format';

type Props = PageProps<'/[locale]/dashboard/reports/conversations'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'reportConversations');
}

const COLUMNS = ['started', 'visitor', 'widget', 'status', 'assignee', 'firstResponse', 'resolution'] as const;

/**
 * The conversations behind a figure of the reports (the figure's link names the period, its time zone and the
 * set), 50 a page, newest first, each opening in the inbox; a link that names no valid period says so.
 */
export default withErrorPage(async function ReportConversationsPage({ params, searchParams }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = signedInUserOf(await requireUser());
  const workspace = await currentWorkspace(user);
  const t = await getTranslations('Dashboard.reports.drill');
  const query = Object.fromEntries(
    Object.entries(await searchParams).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const period = reportPeriodSchema.safeParse(query);
  const drill = reportDrillSchema.safeParse(query);
  const header = (
    <PageHeader title={t('title')} lead={drill.success ? t(`metric.${drill.data.metric}`) : undefined}>
      <Link href="/dashboard/reports" className="font-semibold text-brand-700 underline">
        {t('back')}
      </Link>
    </PageHeader>
  );
  if (!canIn(workspace, 'reports.read') || !period.success || !drill.success)
    return (
      <>
        {header}
        <p className="text-slate-700">{canIn(workspace, 'reports.read') ? t('invalid') : t('forbidden')}</p>
      </>
    );
  const page = await reportConversations(user, workspace.id, period.data, drill.data);
  const next = page.nextCursor && new URLSearchParams({ ...query, cursor: page.nextCursor });
  return (
    <>
      {header}
      <Card>
        {page.conversations.length === 0 ? (
          <p className="text-slate-700">{t('empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('title')}</caption>
              <thead>
                <tr className="text-slate-700">
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-2 py-1.5 font-semibold">
                      {t(`columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.conversations.map((conversation) => (
                  <tr key={conversation.id} className="border-t border-slate-200">
                    <td className="px-2 py-1.5">
                      <Link
                        href={`/dashboard/inbox?conversation=${conversation.id}`}
                        className="text-brand-700 underline"
                      >
                        <LocalTime dateTime={conversation.createdAt} locale={locale} />
                      </Link>
                    </td>
                    <td className="px-2 py-1.5">{conversation.visitorName ?? t('anonymous')}</td>
                    <td className="px-2 py-1.5">{conversation.widgetName}</td>
                    <td className="px-2 py-1.5">{t(`status.${conversation.status}`)}</td>
                    <td className="px-2 py-1.5">{conversation.assigneeName ?? t('unassigned')}</td>
                    <td className="px-2 py-1.5 tabular-nums">
                      {formatDuration(conversation.firstResponseSeconds, locale)}
                    </td>
                    <td className="px-2 py-1.5 tabular-nums">
                      {formatDuration(conversation.resolutionSeconds, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {next && (
          <p className="mt-4">
            <Link href={`/dashboard/reports/conversations?${next}`} className="font-semibold text-brand-700 underline">
              {t('next')}
            </Link>
          </p>
        )}
      </Card>
    </>
  );
});
