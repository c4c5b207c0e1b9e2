import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { loadMessages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo/metadata';
import { requireUser } from '@/lib/auth/require-user';
import { signedInUserOf } from '@/lib/session/server';
import { listReplies } from '@/lib/replies/service';
import { canIn } from '@/lib/workspaces/permissions';
import { currentWorkspace } from '@/lib/workspaces/service';
import { withErrorPage } from '@/components/errors/page-boundary';
import { PageHeader } from '@/components/ui/page-header';
import { Link } from '@/components/ui/link';
import { SavedReplies } from '@/components/replies/saved-replies';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/inbox/replies'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'replies');
}

/**
 * The current workspace's saved replies, which `/` in the inbox's answer field offers: every member reads them,
 * owners and admins add, change and delete them (the form and buttons are theirs only; the API refuses agents).
 */
export default withErrorPage(async function RepliesPage({ params }: PageProps<'/[locale]/dashboard/inbox/replies'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = signedInUserOf(await requireUser());
  const workspace = await currentWorkspace(user);
  const [t, { Dashboard }, replies] = await Promise.all([
    getTranslations('Dashboard'),
    loadMessages(locale),
    listReplies(user, workspace.id),
  ]);
  return (
    <>
      <PageHeader title={t('replies.title')} lead={t('replies.lead')}>
        <Link href="/dashboard/inbox" className="font-semibold text-brand-700 underline">
          {t('inbox.title')}
        </Link>
      </PageHeader>
      <SavedReplies
        api={`/api/workspaces/${workspace.id}/replies`}
        replies={replies}
        manage={canIn(workspace, 'replies.manage')}
        labels={Dashboard.replies}
      />
    </>
  );
});
