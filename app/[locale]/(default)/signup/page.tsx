import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';

export async function generateMetadata({ params }: PageProps<'/[locale]/signup'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'signup');
}

export default async function SignupPage({ params }: PageProps<'/[locale]/signup'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('Auth');
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('signup.title')} lead={t('signup.lead')} />
      <Card>
        <form method="post" className="space-y-4" aria-label={t('signup.title')}>
          <TextField id="email" type="email" label={t('fields.email')} autoComplete="email" required />
          <TextField
            id="password"
            type="password"
            label={t('fields.password')}
            hint={t('signup.passwordHint', { min: 6 })}
            autoComplete="new-password"
            minLength={6}
            required
          />
          <TextField id="confirm" type="password" label={t('fields.confirm')} autoComplete="new-password" minLength={6} required />
          <Button type="submit" className="w-full">
            {t('signup.submit')}
          </Button>
        </form>
      </Card>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('signup.haveAccount')}{' '}
        <Link href="/login" className="font-semibold text-brand-700 underline underline-offset-4">
          {t('signup.loginLink')}
        </Link>
      </p>
    </div>
  );
}
