import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { clientFirebaseConfig } from '@/lib/firebase/config';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { SignupForm } from '@/components/auth/signup-form';
import { loadMessages } from '@/lib/i18n/messages';
import { withErrorPage } from '@/components/errors/page-boundary';

// The identity provider's address is runtime configuration (the local emulator's port changes).
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/signup'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'signup');
}

export default withErrorPage(async function SignupPage({ params }: PageProps<'/[locale]/signup'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const [t, { Auth }] = await Promise.all([getTranslations('Auth'), loadMessages(locale)]);
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('signup.title')} lead={t('signup.lead')} />
      <Card>
        <SignupForm
          config={clientFirebaseConfig()}
          locale={locale}
          next={localizedPath('/verify-email', locale)}
          labels={{ fields: Auth.fields, signup: Auth.signup }}
          errors={Auth.errors}
        />
      </Card>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('signup.haveAccount')}{' '}
        <Link href="/login" className="font-semibold text-brand-700 underline underline-offset-4">
          {t('signup.loginLink')}
        </Link>
      </p>
    </div>
  );
});
