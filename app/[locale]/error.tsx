'use client';

import { useEffect } from 'react';
import NextLink from 'next/link';
import { ErrorView } from '@/components/errors/error-view';
import { useErrorLabels } from '@/components/errors/error-labels';
import { Button } from '@/components/ui/button';
import { useChunkReload } from '@/components/errors/use-chunk-reload';
import { fill } from '@/lib/i18n/slices';

type ErrorProps = { error: Error & { digest?: string; status?: number; statusCode?: number }; reset: () => void };

/**
 * Fatal errors of a page in the browser: the server-error variant (status 500 unless the error says
 * otherwise). A chunk that failed to load reloads the page instead, once per 10 s (useChunkReload).
 * Next renders this boundary in the browser only; a page's render that fails on the server is answered
 * with the same page in the served HTML (components/errors/page-boundary.tsx).
 */
export default function LocaleError({ error, reset }: ErrorProps) {
  const { texts, homeHref } = useErrorLabels();
  const reloading = useChunkReload(error);
  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);
  if (reloading) return null;
  const status = error.status ?? error.statusCode ?? 500;
  return (
    <main id="main" className="flex-1">
      <ErrorView
        status={status}
        titles={{ 'not-found': texts.notFound.title, 'server-error': texts.serverError.title }}
        actions={
          <>
            <Button onClick={reset}>{texts.retry}</Button>
            <NextLink href={homeHref} className="self-center font-semibold text-brand-700 underline underline-offset-4">
              {texts.home}
            </NextLink>
          </>
        }
      >
        <p>{texts.serverError.message}</p>
        {error.digest && (
          <p className="mt-2 text-sm text-slate-600">{fill(texts.reference, { digest: error.digest })}</p>
        )}
      </ErrorView>
    </main>
  );
}
