import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';

export async function SiteFooter() {
  const t = await getTranslations('Footer');
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
        <p>{t('tagline')}</p>
        <nav aria-label={t('label')}>
          <ul className="flex flex-wrap gap-4">
            <li>
              <Link href="/#plans" className="underline-offset-4 hover:underline">
                {t('plans')}
              </Link>
            </li>
            <li>
              <Link href="/#faq" className="underline-offset-4 hover:underline">
                {t('faq')}
              </Link>
            </li>
            <li>
              <Link href="/chat" className="underline-offset-4 hover:underline">
                {t('chat')}
              </Link>
            </li>
            <li>
              <Link href="/signup" className="underline-offset-4 hover:underline">
                {t('signup')}
              </Link>
            </li>
          </ul>
        </nav>
        <p>{t('copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
