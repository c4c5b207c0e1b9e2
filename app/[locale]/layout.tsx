import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteDocument } from '@/components/layout/site-document';
import { routing, type Locale } from '@/lib/i18n/routing';
import { env } from '@/lib/env';
import { withErrorDocument } from '@/components/errors/page-boundary';
import '../globals.css';

// A prerendered page (landing, product, sample, legal pages) is fresh for 5 minutes, then the next
// visitor still gets it while it renders again in the background (a render that fails keeps it). Its
// answers say the same to a CDN: `s-maxage=300, stale-while-revalidate=…` up to next.config's
// expireTime. Pages rendered per request stay `private, no-store`.
export const revalidate = 300;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    metadataBase: new URL(env.siteUrl),
    title: { default: t('home.title'), template: `%s · ${t('siteName')}` },
    description: t('home.description'),
    applicationName: t('siteName'),
  };
}

export default withErrorDocument(async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return <SiteDocument locale={locale}>{children}</SiteDocument>;
});
