import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';

export async function generateMetadata({ params }: PageProps<'/[locale]/login'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'login');
}

export default async function LoginPage({ params }: PageProps<'/[locale]/login'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('Auth');
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('login.title')} lead={t('login.lead')} />
      <Card>
        <form method="post" className="space-y-4" aria-label={t('login.title')}>
          <TextField id="email" type="email" label={t('fields.email')} autoComplete="email" required />
          <TextField id="password" type="password" label={t('fields.password')} autoComplete="current-password" required />
          <Button type="submit" className="w-full">
            {t('login.submit')}
          </Button>
        </form>
        <div className="my-6 flex items-center gap-3 text-sm text-slate-600" role="separator">
          <span className="h-px flex-1 bg-slate-200" />
          {t('or')}
          <span className="h-px flex-1 bg-slate-200" />
        </div>
        <Button variant="secondary" className="w-full">
          {t('login.google')}
        </Button>
      </Card>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('login.noAccount')}{' '}
        <Link href="/signup" className="font-semibold text-brand-700 underline underline-offset-4">
          {t('login.signupLink')}
        </Link>
      </p>
    </div>
  );
}
