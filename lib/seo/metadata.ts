import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import { absoluteUrl, alternatesOf } from './urls';

export type PageKey =
  | 'home'
  | 'login'
  | 'signup'
  | 'verifyEmail'
  | 'chat'
  | 'shopSuccess'
  | 'shopCancel'
  | 'dashboard'
  | 'profile'
  | 'settings'
  | 'tickets'
  | 'feedback'
  | 'embed'
  | 'admin'
  | 'sample'
  | 'test'
  | 'mailbox'
  | 'notFound';

/**
 * Per-locale title and description for a page. Indexable pages get a canonical URL and hreflang
 * alternates; all others are marked noindex.
 */
export async function pageMetadata(locale: Locale, page: PageKey, path?: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const title = t(`${page}.title`);
  const description = t(`${page}.description`);
  const base: Metadata = {
    // The home page title already names the site; every other page gets the layout's " · Plauder".
    title: page === 'home' ? { absolute: title } : title,
    description,
    metadataBase: new URL(env.siteUrl),
  };
  if (!path) return { ...base, robots: { index: false, follow: false } };
  const languages = alternatesOf(path);
  return {
    ...base,
    alternates: { canonical: absoluteUrl(localizedPath(path, locale)), languages },
    openGraph: {
      title,
      description,
      url: absoluteUrl(localizedPath(path, locale)),
      siteName: t('siteName'),
      locale: locale === 'de' ? 'de_DE' : 'en_GB',
      type: 'website',
    },
  };
}
