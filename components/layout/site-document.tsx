import type { ReactNode } from 'react';
import { AppShellClient } from '@/components/app/app-shell-client';
import { ErrorLabelsProvider } from '@/components/errors/error-labels';
import { localizedPath } from '@/lib/i18n/paths';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/routing';
import { HEAD_SCRIPT } from '@/lib/head-script';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The document of every page of the site in one language: <html lang>, header, footer, toasts. The
 * locale layout renders its pages in it, and the 404 of an address no route serves (app/not-found.tsx)
 * renders itself in it, so both look and work alike.
 */
export async function SiteDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { App, Errors } = await loadMessages(locale);
  const { notFound, serverError, retry, home, reference } = Errors;

  return (
    <html lang={locale} dir="ltr" suppressHydrationWarning>
      {/* eslint-disable-next-line @next/next/no-head-element -- this is the layouts' document, not a page */}
      <head>
        {/* Before the first paint: the theme (the user's or the device's) and whether this browser is signed in. */}
        <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased">
        {/* Client components get typed slices of the catalogue: no i18n runtime in the browser. The
            error boundary renders there, so its texts are handed down in a context. */}
        <ErrorLabelsProvider
          texts={{ notFound, serverError, retry, home, reference }}
          homeHref={localizedPath('/', locale)}
        >
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
          >
            {App.skipToContent}
          </a>
          <SiteHeader />
          {children}
          <SiteFooter />
          <AppShellClient locale={locale} labels={App} />
        </ErrorLabelsProvider>
      </body>
    </html>
  );
}
