'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { ErrorView } from '@/components/errors/error-view';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';

type ErrorProps = { error: Error & { digest?: string; status?: number; statusCode?: number }; reset: () => void };

/** Fatal errors of a page: the server-error variant (status 500 unless the error says otherwise). */
export default function LocaleError({ error, reset }: ErrorProps) {
  const t = useTranslations('Errors');
  useEffect(() => {
    console.error(error);
  }, [error]);
  const status = error.status ?? error.statusCode ?? 500;
  return (
    <main id="main" className="flex-1">
      <ErrorView
        status={status}
        titles={{ 'not-found': t('notFound.title'), 'server-error': t('serverError.title') }}
        actions={
          <>
            <Button onClick={reset}>{t('retry')}</Button>
            <Link href="/" className="self-center font-semibold text-brand-700 underline underline-offset-4">
              {t('home')}
            </Link>
          </>
        }
      >
        <p>{t('serverError.message')}</p>
        {error.digest && <p className="mt-2 text-sm text-slate-600">{t('reference', { digest: error.digest })}</p>}
      </ErrorView>
    </main>
  );
}
