import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { localizedHref } from '@/lib/i18n/href';
import type { Locale } from '@/lib/i18n/routing';
import { clientFirebaseConfig } from '@/lib/firebase/config';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { SignupForm } from '@/components/auth/signup-form';
import { loadMessages } from '@/lib/i18n/messages';
import { withErrorPage } from '@/components/errors/page-boundary';
import { redirectTarget } from '@/lib/auth/redirect';
import { env } from '@/lib/env';
import { inviteSchema } from '@/lib/workspaces/schema';

// The identity provider's address is runtime configuration (the local emulator's port changes).
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/signup'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'signup');
}

/**
 * Opened with a same-origin `redirect` (an invitation's page), the new account comes back to it after the
 * verification: through the verify-email page, and through the mail's link (its `continueUrl`), whenever
 * and wherever it is opened. An invitation also gives the address it is for (`email`), still editable.
 */
export default withErrorPage(async function SignupPage({ params, searchParams }: PageProps<'/[locale]/signup'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const [t, { Auth }, query] = await Promise.all([getTranslations('Auth'), loadMessages(locale), searchParams]);
  const target = redirectTarget(query.redirect);
  const back = target ? { query: { redirect: target } } : {};
  const email = inviteSchema.shape.email.safeParse(query.email);
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('signup.title')} lead={t('signup.lead')} />
      <Card>
        <SignupForm
          config={clientFirebaseConfig()}
          locale={locale}
          next={localizedHref({ pathname: '/verify-email', ...back }, locale)}
          continueUrl={target && `${env.siteUrl}${target}`}
          email={email.success ? email.data : undefined}
          labels={{ fields: Auth.fields, signup: Auth.signup }}
          errors={Auth.errors}
        />
      </Card>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('signup.haveAccount')}{' '}
        <Link
          href={{ pathname: '/login', ...back }}
          className="font-semibold text-brand-700 underline underline-offset-4"
        >
          {t('signup.loginLink')}
        </Link>
      </p>
    </div>
  );
});
