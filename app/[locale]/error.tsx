'use client';

import { useEffect } from 'react';
import NextLink from 'next/link';
import { ErrorView } from '@/components/errors/error-view';
import { useErrorLabels } from '@/components/errors/error-labels';
import { Button } from '@/components/ui/button';

type ErrorProps = { error: Error & { digest?: string; status?: number; statusCode?: number }; reset: () => void };

/** Fatal errors of a page: the server-error variant (status 500 unless the error says otherwise). */
export default function LocaleError({ error, reset }: ErrorProps) {
  const labels = useErrorLabels();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const status = error.status ?? error.statusCode ?? 500;
  return (
    <main id="main" className="flex-1">
      <ErrorView
        status={status}
        titles={{ 'not-found': labels.notFoundTitle, 'server-error': labels.serverErrorTitle }}
        actions={
          <>
            <Button onClick={reset}>{labels.retry}</Button>
            <NextLink href={labels.homeHref} className="self-center font-semibold text-brand-700 underline underline-offset-4">
              {labels.home}
            </NextLink>
          </>
        }
      >
        <p>{labels.serverErrorMessage}</p>
        {error.digest && <p className="mt-2 text-sm text-slate-600">{labels.reference.replace('{digest}', error.digest)}</p>}
      </ErrorView>
    </main>
  );
}
