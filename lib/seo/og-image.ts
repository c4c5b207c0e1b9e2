import type { Locale } from '@/lib/i18n/routing';

/** The Open Graph image of a locale (app/og/[image]/route.tsx), 1200 × 630 PNG. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export function ogImagePath(locale: Locale): string {
  return `/og/${locale}.png`;
}
