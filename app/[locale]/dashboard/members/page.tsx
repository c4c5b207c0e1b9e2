import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { loadMessages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo/metadata';
import { requireUser } from '@/lib/auth/require-user';
import { signedInUserOf } from '@/lib/session/server';
import { listInvitations } from '@/lib/workspaces/invitations';
import { listMembers } from '@/lib/workspaces/members';
import { canIn } from '@/lib/workspaces/permissions';
import { currentWorkspace } from '@/lib/workspaces/service';
import { withErrorPage } from '@/components/errors/page-boundary';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { MemberRow, type Member } from '@/components/members/member-row';
import { MembersPresence } from '@/components/members/member-presence';
import { presenceOfMembers } from '@/lib/conversations/operators';
import { Invitations } from '@/components/members/invitations';
import { DeleteWorkspace } from '@/components/members/delete-workspace';
import { DeactivatedMembers } from '@/components/members/deactivated-members';
import { listDeactivatedMembers } from '@/lib/workspaces/deactivation';

const COLUMNS = ['name', 'email', 'status', 'role', 'actions'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/members'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'members');
}

/**
 * The current workspace's members and their roles, its invitations and its deletion: each control shown
 * only to the roles the permission matrix allows it (the API refuses the others anyway).
 */
export default withErrorPage(async function MembersPage({ params }: PageProps<'/[locale]/dashboard/members'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = signedInUserOf(await requireUser());
  const workspace = await currentWorkspace(user);
  const [t, { Dashboard }, members, invitations, deactivated] = await Promise.all([
    getTranslations('Dashboard.members'),
    loadMessages(locale),
    listMembers(user, workspace.id),
    canIn(workspace, 'members.invite') ? listInvitations(user, workspace.id) : [],
    canIn(workspace, 'members.remove') ? listDeactivatedMembers(user, workspace.id) : [],
  ]);
  // After listMembers, which checked the membership.
  const presence = Object.fromEntries(await presenceOfMembers(workspace.id));
  const labels = Dashboard.members;
  const name = workspace.personal ? Dashboard.workspaces.personal : workspace.name;
  const api = `/api/workspaces/${workspace.id}`;
  const controls = (member: Member) => {
    const self = member.uid === user.uid;
    const target = !self && member.role !== 'owner';
    return {
      changeRole: target && canIn(workspace, 'members.changeRole'),
      remove: target && canIn(workspace, 'members.remove'),
      leave: self && canIn(workspace, 'members.leave'),
      transfer: !self && !workspace.personal && canIn(workspace, 'workspace.transferOwnership'),
    };
  };
  return (
    <>
      <PageHeader title={t('title')} lead={workspace.support ? t('supportLead') : t('lead', { workspace: name })} />
      <div className="space-y-6">
        <Card>
          <MembersPresence initial={presence}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('list')}</caption>
              <thead>
                <tr className="text-slate-700">
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="py-2 pr-3 font-semibold last:pr-0">
                      {t(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {members.map((member) => (
                  <MemberRow
                    key={member.uid}
                    api={api}
                    member={member}
                    self={member.uid === user.uid}
                    controls={controls(member)}
                    labels={labels}
                  />
                ))}
              </tbody>
            </table>
          </MembersPresence>
        </Card>
        {canIn(workspace, 'members.invite') && (
          <Card>
            <Invitations api={api} invitations={invitations} labels={labels} locale={locale} />
          </Card>
        )}
        {deactivated.length > 0 && (
          <Card title={labels.deactivation.title} titleId="deactivated-title">
            <DeactivatedMembers api={api} members={deactivated} roles={labels.roles} labels={labels.deactivation} />
          </Card>
        )}
        {canIn(workspace, 'workspace.delete') && (
          <Card title={t('danger.title')}>
            <p className="mb-3 text-slate-700">{workspace.personal ? t('danger.personal') : t('danger.text')}</p>
            {!workspace.personal && (
              <DeleteWorkspace api={api} workspace={name} labels={labels.danger} cancel={labels.cancel} />
            )}
          </Card>
        )}
      </div>
    </>
  );
});
