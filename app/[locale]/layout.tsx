import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AppShellClient } from '@/components/app/app-shell-client';
import { ErrorLabelsProvider } from '@/components/errors/error-labels';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { routing } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import { env } from '@/lib/env';
import { HEAD_SCRIPT } from '@/lib/head-script';
import '../globals.css';


export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    metadataBase: new URL(env.siteUrl),
    title: { default: t('home.title'), template: `%s · ${t('siteName')}` },
    description: t('home.description'),
    applicationName: t('siteName'),
  };
}

export const viewport: Viewport = { themeColor: '#4338ca', width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'App' });
  const errors = await getTranslations({ locale, namespace: 'Errors' });

  return (
    <html lang={locale} dir="ltr" suppressHydrationWarning>
      <head>
        {/* Before the first paint: the theme (the user's or the device's) and whether this browser is signed in. */}
        <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased">
        {/* Server components translate and client components get plain props: no i18n runtime in the
            browser. The error boundary renders there, so its texts are handed down in a context. */}
        <ErrorLabelsProvider
          labels={{
            notFoundTitle: errors('notFound.title'),
            serverErrorTitle: errors('serverError.title'),
            serverErrorMessage: errors('serverError.message'),
            retry: errors('retry'),
            home: errors('home'),
            homeHref: localizedPath('/', locale),
            reference: errors.raw('reference') as string,
          }}
        >
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
          >
            {t('skipToContent')}
          </a>
          <SiteHeader />
          {children}
          <SiteFooter />
          <AppShellClient
            locale={locale}
            labels={{
              close: t('toast.close'),
              region: t('toast.region'),
              generalError: t('errors.general'),
              newVersion: t('newVersion.message'),
              reload: t('newVersion.reload'),
            }}
          />
        </ErrorLabelsProvider>
      </body>
    </html>
  );
}
