import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { adminNavItem, dashboardNav } from '@/lib/dashboard/nav';
import { DashboardNav } from '@/components/dashboard/dashboard-nav';
import { UserMenu } from '@/components/dashboard/user-menu';
import { requireUser } from '@/lib/auth/require-user';
import { unreadConversations } from '@/lib/conversations/inbox/inbox';
import { latestMessageId } from '@/lib/conversations/log';
import { getSettings } from '@/lib/settings/service';
import { DashboardStream } from '@/components/dashboard/dashboard-stream';
import { clientFirebaseConfig } from '@/lib/firebase/config';
import { AuthProvider } from '@/components/auth/auth-provider';
import { SESSION_EXPIRED } from '@/lib/auth/errors';
import { SessionHintSync } from '@/components/auth/session-hint-sync';
import { sessionEndsAt } from '@/lib/session/expiry';
import { withErrorPage } from '@/components/errors/page-boundary';
import { loadMessages } from '@/lib/i18n/messages';
import { currentWorkspace, listWorkspaces } from '@/lib/workspaces/service';
import { WorkspaceSwitcher } from '@/components/dashboard/workspace-switcher';
import { BillingBanner } from '@/components/billing/billing-banner';
import { billingNotice } from '@/lib/billing/notice';

/**
 * The dashboard layout: the workspace switcher and the navigation between its pages beside the page (the inbox with
 * the current workspace's unread count), the account menu above it, and the workspace's event stream with its
 * alerts around every page.
 */
export default withErrorPage(async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const t = await getTranslations('Dashboard');
  const locale = (await getLocale()) as Locale;
  const errors = await getTranslations('Auth.errors');
  const login = await getTranslations('Auth.login');
  const { Dashboard } = await loadMessages(locale);
  // Support staff also get the support desk.
  const pages = user.admin ? [...dashboardNav, adminNavItem] : dashboardNav;
  const [current, workspaces] = await Promise.all([currentWorkspace(user), listWorkspaces(user)]);
  const [unread, cursor, settings] = await Promise.all([
    unreadConversations(current.id),
    latestMessageId(),
    getSettings(user.uid, locale),
  ]);
  const notice = billingNotice(current.overdue);
  const items = pages.map((item) => ({
    href: localizedPath(item.href, locale),
    key: item.key,
    ...(item.key === 'inbox' && { unread }),
  }));
  return (
    <AuthProvider
      config={clientFirebaseConfig()}
      locale={locale}
      initialUser={{
        uid: user.uid,
        email: user.email,
        displayName: user.displayName,
        photoURL: user.photoURL,
        lastLoginAt: user.lastLoginAt,
        providerData: user.providerIds.map((providerId) => ({ providerId })),
      }}
      forcedSignOut={{
        loginPath: localizedPath('/login', locale),
        messages: {
          'auth/user-disabled': errors('userDisabled'),
          'auth/user-token-expired': errors('userTokenExpired'),
          'auth/invalid-user-token': errors('invalidUserToken'),
          [SESSION_EXPIRED]: login('expired'),
        },
      }}
    >
      {/* A session from before the hint existed gets one: the header of every page shows it signed in. */}
      <SessionHintSync expiresAt={sessionEndsAt(user.lastLoginAt)} />
      {/* One stream per workspace: switching opens the new one's from its own cursor. */}
      <DashboardStream
        key={current.id}
        events={`/api/workspaces/${current.id}/inbox/events`}
        cursor={cursor}
        inboxPath={localizedPath('/dashboard/inbox', locale)}
        sound={settings.alertSound}
        operator={{ uid: user.uid, scope: settings.alertScope }}
        labels={Dashboard.alerts}
      >
        <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8 md:flex-row">
          <aside className="md:w-56 md:shrink-0">
            <p className="mb-3 px-3 text-xs font-semibold uppercase tracking-wide text-slate-700">{t('title')}</p>
            <WorkspaceSwitcher
              key={current.id}
              workspaces={workspaces}
              current={current.id}
              labels={Dashboard.workspaces}
            />
            <DashboardNav label={t('navLabel')} labels={Dashboard.nav} items={items} />
          </aside>
          <main id="main" className="min-w-0 flex-1">
            <div className="mb-6 flex justify-end">
              <UserMenu user={user} />
            </div>
            {notice && (
              <BillingBanner
                notice={notice}
                workspace={current.personal ? Dashboard.workspaces.personal : current.name}
                billingPath={localizedPath('/dashboard/billing', locale)}
                locale={locale}
                labels={Dashboard.billing.banner}
              />
            )}
            {children}
          </main>
        </div>
      </DashboardStream>
    </AuthProvider>
  );
});
