'use client';

import { useEffect, useState } from 'react';
import { ErrorView } from '@/components/errors/error-view';
import { useChunkReload } from '@/components/errors/use-chunk-reload';
import './globals.css';

type Texts = { title: string; message: string; retry: string };

// Until the catalogue has loaded (or if it cannot), the spec's default status message is shown.
const FALLBACK: Texts = { title: 'Internal Server Error', message: '', retry: '↻' };

// Shown only when the locale layout itself fails in the browser, so no translations were handed down (a
// failure of its render on the server is answered with the translated page: components/errors/page-boundary.tsx).
// The catalogue is loaded on demand: importing it statically would put both languages into every page's
// JavaScript.
// A chunk that failed to load reloads the page instead, once per 10 s (useChunkReload).
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const reloading = useChunkReload(error);
  const [{ lang, texts }, setPage] = useState<{ lang: 'en' | 'de'; texts: Texts }>({ lang: 'en', texts: FALLBACK });
  useEffect(() => {
    if (reloading) return;
    const locale = /^\/de(\/|$)/.test(window.location.pathname) ? 'de' : 'en';
    const catalogue = locale === 'de' ? import('@/messages/de.json') : import('@/messages/en.json');
    catalogue
      .then(({ default: m }) =>
        setPage({
          lang: locale,
          texts: { title: m.Errors.serverError.title, message: m.Errors.serverError.message, retry: m.Errors.retry },
        }),
      )
      .catch(() => {});
  }, [reloading]);
  return (
    <html lang={lang}>
      <body className="bg-slate-50 text-slate-900">
        <main id="main">
          {!reloading && (
            <ErrorView
              titles={{ 'not-found': texts.title, 'server-error': texts.title }}
              actions={
                <button
                  type="button"
                  onClick={reset}
                  className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white"
                >
                  {texts.retry}
                </button>
              }
            >
              {texts.message && <p>{texts.message}</p>}
            </ErrorView>
          )}
        </main>
      </body>
    </html>
  );
}
