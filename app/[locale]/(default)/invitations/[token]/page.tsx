import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import { loadMessages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo/metadata';
import { loginRedirect } from '@/lib/auth/guard';
import { getSessionUser } from '@/lib/session/server';
import { describeInvitation } from '@/lib/workspaces/invitations';
import { withErrorPage } from '@/components/errors/page-boundary';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { AcceptInvitation } from '@/components/members/accept-invitation';

// An invitation e-mail's link: per reader and per token, never cached, never indexed.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/invitations/[token]'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'invitation');
}

/**
 * What an invitation's link shows: the workspace and role; signed out, the way to sign in or up with the
 * invited address and come back; signed in with it, the button that accepts; otherwise why not.
 */
export default withErrorPage(async function InvitationPage({ params }: PageProps<'/[locale]/invitations/[token]'>) {
  const { locale: raw, token } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const [t, { Dashboard, Invitation }, invitation, user] = await Promise.all([
    getTranslations('Invitation'),
    loadMessages(locale),
    describeInvitation(token),
    getSessionUser(),
  ]);
  if (!invitation || invitation.state !== 'pending') {
    const reason = invitation?.state === 'used' || invitation?.state === 'expired' ? invitation.state : 'invalid';
    return (
      <div className="mx-auto max-w-md">
        <PageHeader title={t('invalidTitle')} lead={t(reason)} />
      </div>
    );
  }
  const values = { workspace: invitation.workspace, email: invitation.email };
  const here = localizedPath(`/invitations/${token}`, locale);
  const link = 'font-semibold text-brand-700 underline underline-offset-4';
  let body;
  if (!user)
    body = (
      <>
        <p className="text-slate-800">{t('signedOut', values)}</p>
        <p className="flex gap-4">
          <a href={loginRedirect(here, '')} className={link}>
            {t('signIn')}
          </a>
          {/* The new account comes back here once verified; the invited address is filled in. */}
          <Link href={{ pathname: '/signup', query: { redirect: here, email: invitation.email } }} className={link}>
            {t('signUp')}
          </Link>
        </p>
      </>
    );
  else if (user.email?.toLowerCase() !== invitation.email)
    body = <p className="text-slate-800">{t('otherAddress', { ...values, current: user.email ?? '' })}</p>;
  else
    body = (
      <>
        {!user.emailVerified && <p className="text-slate-800">{t('unverified', values)}</p>}
        <AcceptInvitation
          token={token}
          next={localizedPath('/dashboard/members', locale)}
          labels={{
            accept: Invitation.accept,
            accepted: t('accepted', values),
            error: Invitation.error,
          }}
        />
      </>
    );
  return (
    <div className="mx-auto max-w-md">
      <PageHeader
        title={t('title', values)}
        lead={t('lead', { ...values, role: Dashboard.members.roles[invitation.role] })}
      />
      <Card>
        <div className="space-y-4">
          <p className="text-slate-700">{t('for', values)}</p>
          {body}
        </div>
      </Card>
    </div>
  );
});
