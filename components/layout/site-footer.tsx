import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { LEGAL_DOCUMENTS } from '@/lib/legal/documents';

// `when`: shown only signed out or signed in (both are in the markup; see SiteHeader).
const LINKS = [
  { href: '/#plans', key: 'plans' },
  { href: '/#faq', key: 'faq' },
  { href: '/chat', key: 'chat' },
  { href: '/signup', key: 'signup', when: 'when-signed-out' },
  { href: '/dashboard', key: 'dashboard', when: 'when-signed-in' },
  { href: LEGAL_DOCUMENTS.imprint.path, key: 'imprint' },
  { href: LEGAL_DOCUMENTS.privacy.path, key: 'privacy' },
  { href: LEGAL_DOCUMENTS.terms.path, key: 'terms' },
] as const;

export async function SiteFooter() {
  const t = await getTranslations('Footer');
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
        <p>{t('tagline')}</p>
        <nav aria-label={t('label')}>
          <ul className="flex flex-wrap gap-4">
            {LINKS.map((item) => (
              <li key={item.key} className={'when' in item ? item.when : undefined}>
                <Link href={item.href} className="underline-offset-4 hover:underline">
                  {t(item.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>{t('copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
