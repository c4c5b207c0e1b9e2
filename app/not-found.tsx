import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { defaultLocale } from '@/lib/i18n/routing';
import { ErrorView } from '@/components/errors/error-view';
import { RequestedPath } from '@/components/errors/requested-path';
import { buttonClasses } from '@/components/ui/button';
import './globals.css';

export const metadata: Metadata = { robots: { index: false } };

// Paths outside every locale (a file name that does not exist, an unknown first segment with a dot).
export default async function RootNotFound() {
  const t = await getTranslations({ locale: defaultLocale, namespace: 'Errors' });
  return (
    <html lang={defaultLocale}>
      <body className="bg-slate-50 text-slate-900 antialiased">
        <title>{t('notFound.title')}</title>
        <main id="main">
          <ErrorView
            status={404}
            titles={{ 'not-found': t('notFound.title'), 'server-error': t('serverError.title') }}
            actions={
              <Link href="/" className={buttonClasses('primary')}>
                {t('home')}
              </Link>
            }
          >
            <p>{t.rich('notFound.message', { path: () => <RequestedPath /> })}</p>
          </ErrorView>
        </main>
      </body>
    </html>
  );
}
