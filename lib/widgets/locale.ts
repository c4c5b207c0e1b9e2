import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { isLocale, locales, type Locale } from '@/lib/i18n/routing';
import { requestLocale } from '@/lib/i18n/negotiate';

/** The request header in which the proxy hands the widget page its language. */
export const WIDGET_LOCALE_HEADER = 'x-plauder-widget-locale';

/** `de` for `de`, `de-AT`, `de_CH`…; null for a language the widget does not speak. */
function supported(tag: string | null | undefined): Locale | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

/**
 * The widget's language for a visitor: its default, unless it follows the visitor, then the host page's
 * `<html lang>` (`lang`, which the loader passes), else the browser's languages (Accept-Language), and
 * the default only when neither is one it speaks.
 */
export function widgetLocale(
  widget: { locale: Locale; followPageLanguage: boolean },
  lang: string | null,
  acceptLanguage: string | null,
): Locale {
  if (!widget.followPageLanguage) return widget.locale;
  const page = supported(lang);
  if (page) return page;
  const languages = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? undefined } })
    .languages()
    .filter((tag) => tag !== '*');
  if (languages.some((tag) => supported(tag))) {
    try {
      return match(languages, locales as unknown as string[], widget.locale) as Locale;
    } catch {
      // A malformed language tag.
    }
  }
  return widget.locale;
}

/**
 * The language of a widget's page that cannot ask its widget (none found, or the database away): the host
 * page's (`lang`), else the browser's.
 */
export function visitorLocale(headers: Headers, lang: string | null): Locale {
  return widgetLocale(
    { locale: requestLocale(headers), followPageLanguage: true },
    lang,
    headers.get('accept-language'),
  );
}
