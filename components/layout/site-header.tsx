import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { buttonClasses } from '@/components/ui/button';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { HeaderMenu } from './header-menu';
import { LocaleSwitcher } from './locale-switcher';

const LINKS = [
  { href: '/#plans', key: 'plans' },
  { href: '/chat', key: 'chat' },
  { href: '/dashboard', key: 'dashboard' },
] as const;

/**
 * The site header. Pages are the same for everybody (prerendered ones too), so both the signed-out
 * link and the signed-in one are in the markup; the head script shows one before the first paint
 * (`when-signed-in`/`when-signed-out`, lib/session/hint).
 */
export async function SiteHeader() {
  const t = await getTranslations('Nav');
  const locale = (await getLocale()) as Locale;
  const link = 'block rounded px-3 py-2 text-slate-800 hover:bg-slate-100';
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <Link
          href="/"
          className="flex items-center gap-2 text-lg font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7 text-brand-700" fill="currentColor">
            <path d="M4 4h16a2 2 0 012 2v10a2 2 0 01-2 2H9l-5 4v-4a2 2 0 01-2-2V6a2 2 0 012-2z" />
          </svg>
          {t('brand')}
        </Link>
        <HeaderMenu label={t('menu')}>
          <nav aria-label={t('main')}>
            <ul className="flex flex-col gap-1 text-sm font-medium md:flex-row md:items-center">
              {LINKS.map(({ href, key }) => (
                <li key={key}>
                  <Link href={href} className={link}>
                    {t(key)}
                  </Link>
                </li>
              ))}
              <li className="when-signed-out">
                <Link href="/login" className={buttonClasses('primary', 'sm', 'w-full md:w-auto')}>
                  {t('signIn')}
                </Link>
              </li>
              <li className="when-signed-in">
                <SignOutButton
                  locale={locale}
                  label={t('signOut')}
                  failed={t('signOutFailed')}
                  loginPath={localizedPath('/login', locale)}
                  className={buttonClasses('secondary', 'sm', 'w-full md:w-auto')}
                />
              </li>
            </ul>
          </nav>
          <LocaleSwitcher />
        </HeaderMenu>
      </div>
    </header>
  );
}
