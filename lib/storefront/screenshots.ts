// The pictures of the product on the landing page: taken from the running app by `npm run screenshots`
// (scripts/screenshots/), committed under public/screenshots/, one per picture and language.
import type { Locale } from '@/lib/i18n/routing';

/**
 * Each picture's size in pixels: the browser window the script takes it in (the inbox as on a laptop, the
 * widget in a phone-sized window, where it fills the screen). The page shows them at most at about half that.
 */
export const SCREENSHOTS = {
  inbox: { width: 1280, height: 1000 },
  widget: { width: 400, height: 720 },
} as const;

export type Screenshot = keyof typeof SCREENSHOTS;

/** The public path of a picture in a language (WebP). */
export function screenshotPath(picture: Screenshot, locale: Locale): string {
  return `/screenshots/${picture}.${locale}.webp`;
}
