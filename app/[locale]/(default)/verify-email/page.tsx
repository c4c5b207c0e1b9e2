import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';

export async function generateMetadata({ params }: PageProps<'/[locale]/verify-email'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'verifyEmail');
}

export default async function VerifyEmailPage({ params }: PageProps<'/[locale]/verify-email'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('Auth.verify');
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('title')} lead={t('lead')} />
      <Card>
        <ol className="list-decimal space-y-2 pl-5 text-slate-800">
          <li>{t('steps.open')}</li>
          <li>{t('steps.click')}</li>
          <li>{t('steps.return')}</li>
        </ol>
        <p className="mt-4 text-sm text-slate-700">{t('notReceived')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="secondary">{t('resend')}</Button>
          <Link href="/login" className="self-center text-sm font-semibold text-brand-700 underline underline-offset-4">
            {t('backToLogin')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
