import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { clientFirebaseConfig } from '@/lib/firebase/config';
import { mailboxAvailable } from '@/lib/auth/mailbox';
import { getSessionUser } from '@/lib/session/server';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { EmailActions } from '@/components/auth/email-actions';
import { loadMessages } from '@/lib/i18n/messages';
import { withErrorPage } from '@/components/errors/page-boundary';
import { continueTarget, redirectTarget } from '@/lib/auth/redirect';
import { env } from '@/lib/env';

// Shows the signed-in user's state and handles e-mail action links (mode + oobCode).
export const dynamic = 'force-dynamic';

/** A password reset link opens this page too: it is then titled for what it does. */
const isReset = (query: Record<string, string | string[] | undefined>) => query.mode === 'resetPassword';

export async function generateMetadata({
  params,
  searchParams,
}: PageProps<'/[locale]/verify-email'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, isReset(await searchParams) ? 'resetPassword' : 'verifyEmail');
}

export default withErrorPage(async function VerifyEmailPage({
  params,
  searchParams,
}: PageProps<'/[locale]/verify-email'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const [t, reset, { Auth }] = await Promise.all([
    getTranslations('Auth.verify'),
    getTranslations('Auth.reset'),
    loadMessages(locale),
  ]);
  const [user, query] = await Promise.all([getSessionUser(), searchParams]);
  const handlingLink = typeof query.mode === 'string';
  // Where a new account goes on once verified (an invitation): from the mail's link, or from the sign-up.
  const target = continueTarget(query.continueUrl, env.siteUrl) ?? redirectTarget(query.redirect);
  const back = target ? { query: { redirect: target } } : {};
  return (
    <div className="mx-auto max-w-md">
      <PageHeader
        title={isReset(query) ? reset('title') : t('title')}
        lead={handlingLink ? undefined : user?.emailVerified ? t('alreadyVerified') : t('lead')}
      />
      <Card>
        {!handlingLink && !user?.emailVerified && (
          <ol className="mb-4 list-decimal space-y-2 pl-5 text-slate-800">
            <li>{t('steps.open')}</li>
            <li>{t('steps.click')}</li>
            <li>{t('steps.return')}</li>
          </ol>
        )}
        {!handlingLink && !user?.emailVerified && <p className="mb-4 text-sm text-slate-700">{t('notReceived')}</p>}
        <EmailActions
          handlingLink={handlingLink}
          config={clientFirebaseConfig()}
          locale={locale}
          links={{ next: target ?? localizedPath('/dashboard', locale), login: localizedPath('/login', locale) }}
          continueUrl={target && `${env.siteUrl}${target}`}
          labels={Auth.verify}
          errors={Auth.errors}
        >
          {/* Ways on while nothing is done yet; a finished action offers its own next step instead. */}
          <div className="mt-6 flex flex-wrap gap-4 text-sm">
            {/* Verified in another tab (the mail's link), this one goes on too; `target` is localized already. */}
            {target && (
              <a href={target} className="font-semibold text-brand-700 underline underline-offset-4">
                {t('continue')}
              </a>
            )}
            <Link
              href={{ pathname: '/login', ...back }}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              {t('backToLogin')}
            </Link>
            {mailboxAvailable() && (
              <Link href="/mailbox" className="font-semibold text-brand-700 underline underline-offset-4">
                {t('openMailbox')}
              </Link>
            )}
          </div>
        </EmailActions>
      </Card>
    </div>
  );
});
