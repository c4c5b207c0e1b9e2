import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { Link } from '@/components/ui/link';
import { pageMetadata } from '@/lib/seo/metadata';
import { requireUser } from '@/lib/auth/require-user';
import { signedInUserOf } from '@/lib/session/server';
import { listInbox, presenceSetting } from '@/lib/conversations/inbox/inbox';
import { operatorSwitchOf, teammatesOf } from '@/lib/conversations/inbox/operator-switch';
import { listLabels } from '@/lib/conversations/inbox/labels';
import { canIn } from '@/lib/workspaces/permissions';
import { loadMessages } from '@/lib/i18n/messages';
import { listWidgets } from '@/lib/widgets/service';
import { currentWorkspace } from '@/lib/workspaces/service';
import { PageHeader } from '@/components/ui/page-header';
import { Inbox } from '@/components/inbox/inbox';
import { withErrorPage } from '@/components/errors/page-boundary';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/inbox'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'inbox');
}

/** The current workspace's inbox: every conversation of its widgets, live. */
export default withErrorPage(async function InboxPage({ params }: PageProps<'/[locale]/dashboard/inbox'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const operator = signedInUserOf(await requireUser());
  const workspace = await currentWorkspace(operator);
  const [t, replies, { Dashboard }, initial, presence, { widgets }, teammates, operatorSwitch, labels] =
    await Promise.all([
      getTranslations('Dashboard.inbox'),
      getTranslations('Dashboard.replies'),
      loadMessages(locale),
      listInbox(operator, workspace.id),
      presenceSetting(operator, workspace.id),
      listWidgets(operator, workspace.id),
      teammatesOf(operator, workspace.id),
      operatorSwitchOf(operator, workspace.id),
      listLabels(operator, workspace.id),
    ]);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')}>
        <Link href="/dashboard/inbox/replies" className="font-semibold text-brand-700 underline">
          {replies('open')}
        </Link>
      </PageHeader>
      {widgets.length === 0 ? (
        <p className="text-slate-700">
          {t('noWidget')}{' '}
          <Link href="/dashboard/widgets" className="font-semibold text-brand-700 underline">
            {t('createWidget')}
          </Link>
        </p>
      ) : (
        <Inbox
          key={workspace.id}
          workspaceId={workspace.id}
          initial={initial}
          presence={presence}
          me={operator.uid}
          meName={operator.displayName}
          operatorSwitch={operatorSwitch}
          teammates={teammates}
          widgets={widgets.map(({ id, name }) => ({ id, name }))}
          workspaceLabels={labels}
          canManageLabels={canIn(workspace, 'labels.manage')}
          manageVisitors={canIn(workspace, 'visitors.erase')}
          labels={Dashboard.inbox}
          locale={locale}
        />
      )}
    </>
  );
});
