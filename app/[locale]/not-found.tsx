import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import { ErrorView } from '@/components/errors/error-view';
import { RequestedPath } from '@/components/errors/requested-path';
import { buttonClasses } from '@/components/ui/button';

export default async function LocaleNotFound() {
  const t = await getTranslations('Errors');
  return (
    <main id="main" className="flex-1">
      <ErrorView
        status={404}
        titles={{ 'not-found': t('notFound.title'), 'server-error': t('serverError.title') }}
        actions={
          <>
            <Link href="/" className={buttonClasses('primary')}>
              {t('home')}
            </Link>
            <Link href="/chat" className={buttonClasses('secondary')}>
              {t('contact')}
            </Link>
          </>
        }
      >
        <p>{t.rich('notFound.message', { path: () => <RequestedPath /> })}</p>
      </ErrorView>
    </main>
  );
}
