import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import { buttonClasses } from '@/components/ui/button';
import { LocaleSwitcher } from './locale-switcher';

const LINKS = [
  { href: '/#plans', key: 'plans' },
  { href: '/chat', key: 'chat' },
  { href: '/dashboard', key: 'dashboard' },
] as const;

export async function SiteHeader() {
  const t = await getTranslations('Nav');
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7 text-brand-700" fill="currentColor">
            <path d="M4 4h16a2 2 0 012 2v10a2 2 0 01-2 2H9l-5 4v-4a2 2 0 01-2-2V6a2 2 0 012-2z" />
          </svg>
          {t('brand')}
        </Link>
        <nav aria-label={t('main')}>
          <ul className="flex flex-wrap items-center gap-1 text-sm font-medium">
            {LINKS.map(({ href, key }) => (
              <li key={key}>
                <Link href={href} className="rounded px-3 py-2 text-slate-800 hover:bg-slate-100">
                  {t(key)}
                </Link>
              </li>
            ))}
            <li>
              <Link href="/login" className={buttonClasses('primary', 'sm')}>
                {t('signIn')}
              </Link>
            </li>
          </ul>
        </nav>
        <LocaleSwitcher />
      </div>
    </header>
  );
}
