import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { clientFirebaseConfig } from '@/lib/firebase/config';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { LoginForm } from '@/components/auth/login-form';
import { loadMessages } from '@/lib/i18n/messages';
import { SessionHintSync } from '@/components/auth/session-hint-sync';
import { getSessionUser } from '@/lib/session/server';
import { sessionEndsAt } from '@/lib/session/expiry';
import { withErrorPage } from '@/components/errors/page-boundary';
import { redirectTarget } from '@/lib/auth/redirect';

// The identity provider's address is runtime configuration (the local emulator's port changes).
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/login'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'login');
}

export default withErrorPage(async function LoginPage({ params, searchParams }: PageProps<'/[locale]/login'>) {
  const locale = (await params).locale as Locale;
  // Who has no account yet signs up and still comes back to where the sign-in was to lead.
  const target = redirectTarget((await searchParams).redirect);
  setRequestLocale(locale);
  const t = await getTranslations('Auth');
  const config = clientFirebaseConfig();
  const [{ Auth }, user] = await Promise.all([loadMessages(locale), getSessionUser()]);
  return (
    <div className="mx-auto max-w-md">
      {/* A session ended elsewhere (signed out, revoked) leaves its hint: the header would say signed in. */}
      <SessionHintSync expiresAt={user && sessionEndsAt(user.lastLoginAt)} />
      <PageHeader title={t('login.title')} lead={t('login.lead')} />
      <Card>
        <LoginForm
          config={config}
          locale={locale}
          home={localizedPath('/dashboard', locale)}
          labels={{ fields: Auth.fields, login: Auth.login, or: Auth.or, google: Auth.google, forgot: Auth.forgot }}
          errors={Auth.errors}
        />
      </Card>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('login.noAccount')}{' '}
        <Link
          href={{ pathname: '/signup', ...(target && { query: { redirect: target } }) }}
          className="font-semibold text-brand-700 underline underline-offset-4"
        >
          {t('login.signupLink')}
        </Link>
      </p>
    </div>
  );
});
