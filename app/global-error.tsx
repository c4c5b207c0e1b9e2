'use client';

import { ErrorView } from '@/components/errors/error-view';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import './globals.css';

// Shown only when the locale layout itself fails, so no translation provider is available here.
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const isGerman = typeof window !== 'undefined' && /^\/de(\/|$)/.test(window.location.pathname);
  const t = (isGerman ? de : en).Errors;
  return (
    <html lang={isGerman ? 'de' : 'en'}>
      <body className="bg-slate-50 text-slate-900">
        <main id="main">
          <ErrorView
            titles={{ 'not-found': t.notFound.title, 'server-error': t.serverError.title }}
            actions={
              <button type="button" onClick={reset} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white">
                {t.retry}
              </button>
            }
          >
            <p>{t.serverError.message}</p>
          </ErrorView>
        </main>
      </body>
    </html>
  );
}
