import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { defaultLocale } from '@/lib/i18n/routing';
import { NotFoundView } from '@/components/errors/not-found-view';
import './globals.css';

export const metadata: Metadata = { robots: { index: false } };

// The root boundary, for a notFound() of the locale layout itself (a first segment that no language has,
// on an address the proxy does not see). Next renders it into every page's payload, so it reads nothing
// of the request; unknown addresses get app/global-not-found.tsx.
export default async function RootNotFound() {
  const t = await getTranslations({ locale: defaultLocale, namespace: 'Errors' });
  return (
    <html lang={defaultLocale}>
      <body className="bg-slate-50 text-slate-900 antialiased">
        <title>{t('notFound.title')}</title>
        <main id="main">
          <NotFoundView locale={defaultLocale} path={null} />
        </main>
      </body>
    </html>
  );
}
