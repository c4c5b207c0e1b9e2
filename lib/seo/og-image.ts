import type { Locale } from '@/lib/i18n/routing';

/** The Open Graph images (app/og/[image]/route.tsx), 1200 × 630 PNG. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The site's image in a locale. */
export function ogImagePath(locale: Locale): string {
  return `/og/${locale}.png`;
}

/** A product's own image in a locale: its name, price and description (slugs have no dots). */
export function productImagePath(slug: string, locale: Locale): string {
  return `/og/${slug}.${locale}.png`;
}
