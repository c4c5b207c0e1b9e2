import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { clientFirebaseConfig } from '@/lib/firebase/config';
import { SignOutButton } from '@/components/auth/sign-out-button';

import { Avatar, type AvatarUser } from '@/components/ui/avatar';

export type MenuUser = AvatarUser;

/** The account menu of the dashboard: who is signed in, links to profile and settings, sign-out. */
export async function UserMenu({ user }: { user: MenuUser | null }) {
  const t = await getTranslations('Dashboard.userMenu');
  const locale = (await getLocale()) as Locale;
  if (!user) {
    return (
      <p className="text-sm text-slate-700">
        {t('signedOut')}{' '}
        <Link href="/login" className="font-semibold text-brand-700 underline underline-offset-4">
          {t('signIn')}
        </Link>
      </p>
    );
  }
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 hover:bg-slate-200">
        <Avatar user={user} size={32} />
        <span className="text-sm font-medium">{user.displayName || user.email}</span>
        <span className="sr-only">{t('open')}</span>
      </summary>
      <ul className="absolute right-0 z-10 mt-2 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
        <li>
          <Link href="/dashboard/profile" className="block px-4 py-2 text-sm hover:bg-slate-100">
            {t('profile')}
          </Link>
        </li>
        <li>
          <Link href="/dashboard/settings" className="block px-4 py-2 text-sm hover:bg-slate-100">
            {t('settings')}
          </Link>
        </li>
        <li>
          <SignOutButton
            config={clientFirebaseConfig()}
            locale={locale}
            label={t('signOut')}
            failed={t('signOutFailed')}
            loginPath={localizedPath('/login', locale)}
            className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100"
          />
        </li>
      </ul>
    </details>
  );
}
