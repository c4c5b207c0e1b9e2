import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { checkHealth } from '@/lib/health';

type ComponentName = 'app' | 'i18n' | 'routeRules' | 'identity' | 'database' | 'catalogue';
import { getSessionUser } from '@/lib/session/server';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { withErrorPage } from '@/components/errors/page-boundary';

// Diagnostics describe this request and this moment.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/test'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'test');
}

const tone = {
  ok: 'bg-green-100 text-green-900',
  degraded: 'bg-amber-100 text-amber-900',
  down: 'bg-red-100 text-red-900',
};

export default withErrorPage(async function TestPage({ params }: PageProps<'/[locale]/test'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Test');
  const [health, user] = await Promise.all([checkHealth(), getSessionUser()]);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="space-y-6">
        <Card title={t('build.title')} titleId="build-title">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
            <dt className="font-medium">{t('build.id')}</dt>
            <dd className="font-mono" data-testid="build-id">
              {health.buildId}
            </dd>
            <dt className="font-medium">{t('build.locale')}</dt>
            <dd data-testid="locale">{locale}</dd>
            <dt className="font-medium">{t('build.session')}</dt>
            <dd data-testid="session">
              {user ? t('build.signedIn', { email: user.email ?? user.uid }) : t('build.signedOut')}
            </dd>
            <dt className="font-medium">{t('build.uptime')}</dt>
            <dd>{t('build.seconds', { count: health.uptimeSeconds })}</dd>
          </dl>
        </Card>
        <Card title={t('health.title')} titleId="health-title">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-slate-700">{t('health.caption')}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2">
                  {t('health.component')}
                </th>
                <th scope="col" className="py-2">
                  {t('health.status')}
                </th>
                <th scope="col" className="py-2">
                  {t('health.detail')}
                </th>
                <th scope="col" className="py-2 text-right">
                  {t('health.latency')}
                </th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(health.components).map(([name, component]) => (
                <tr key={name} className="border-b border-slate-100">
                  <th scope="row" className="py-2 font-medium">
                    {t(`health.components.${name as ComponentName}`)}
                  </th>
                  <td className="py-2">
                    <span className={cn('rounded px-2 py-0.5 text-xs font-semibold', tone[component.status])}>
                      {t(`health.states.${component.status}`)}
                    </span>
                  </td>
                  <td className="py-2">{t(`health.details.${component.detail.key}`, component.detail.values)}</td>
                  <td className="py-2 text-right">{t('health.milliseconds', { count: component.latencyMs })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>
    </>
  );
});
