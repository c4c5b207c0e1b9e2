import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import { absoluteUrl, alternatesOf } from './urls';
import { OG_IMAGE_SIZE, ogImagePath } from './og-image';

export type PageKey =
  | 'home'
  | 'login'
  | 'signup'
  | 'verifyEmail'
  | 'resetPassword'
  | 'chat'
  | 'product'
  | 'shopSuccess'
  | 'shopCancel'
  | 'dashboard'
  | 'profile'
  | 'settings'
  | 'tickets'
  | 'feedback'
  | 'widgets'
  | 'inbox'
  | 'replies'
  | 'reports'
  | 'reportConversations'
  | 'members'
  | 'billing'
  | 'invitation'
  | 'orders'
  | 'admin'
  | 'sample'
  | 'test'
  | 'mailbox'
  | 'transcript'
  | 'notFound'
  | 'imprint'
  | 'privacy'
  | 'terms';

/**
 * Per-locale title and description for a page (`values` fill the texts' placeholders). Indexable pages
 * get a canonical URL, hreflang alternates and the locale's Open Graph image; all others are marked
 * noindex.
 */
export async function pageMetadata(
  locale: Locale,
  page: PageKey,
  path?: string,
  values?: Record<string, string>,
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const title = t(`${page}.title`, values);
  const description = t(`${page}.description`, values);
  const base: Metadata = {
    // The home page title already names the site; every other page gets the layout's " · Plauder".
    title: page === 'home' ? { absolute: title } : title,
    description,
    metadataBase: new URL(env.siteUrl),
  };
  if (!path) return { ...base, robots: { index: false, follow: false } };
  const languages = alternatesOf(path);
  const image = { url: absoluteUrl(ogImagePath(locale)), ...OG_IMAGE_SIZE, alt: t('ogImageAlt'), type: 'image/png' };
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
      images: [image],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
  };
}
