import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';

const SHORTCUTS = [
  { href: '/dashboard/embed', key: 'embed' },
  { href: '/dashboard/tickets', key: 'tickets' },
  { href: '/dashboard/feedback', key: 'feedback' },
  { href: '/dashboard/profile', key: 'profile' },
] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'dashboard');
}

export default async function DashboardPage({ params }: PageProps<'/[locale]/dashboard'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('Dashboard.overview');
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title" className="sr-only">
          {t('shortcuts')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {SHORTCUTS.map((item) => (
            <li key={item.key}>
              <Link
                href={item.href}
                className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <span className="block font-semibold text-slate-900">{t(`cards.${item.key}.title`)}</span>
                <span className="mt-1 block text-sm text-slate-700">{t(`cards.${item.key}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Card title={t('activity')} titleId="activity-title" className="mt-6">
        <p className="text-slate-700">{t('noActivity')}</p>
      </Card>
    </>
  );
}
