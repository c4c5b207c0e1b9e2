import { WIDGET_TEXT_KEYS, type WidgetTexts, type WidgetTranslations } from '@/lib/db/schema/widget-settings';
import type { Locale } from '@/lib/i18n/routing';

/**
 * The owner's texts (greeting, away message, pre-chat note) a visitor reads in `locale`: the owner's translation
 * where they wrote one, else the widget's own (written in its `locale`), so a visitor never meets an empty text
 * by accident.
 */
export function textsFor(
  widget: Required<WidgetTexts> & { locale: Locale; translations: WidgetTranslations },
  locale: Locale,
): Required<WidgetTexts> {
  const translated = locale === widget.locale ? undefined : widget.translations[locale];
  return Object.fromEntries(
    WIDGET_TEXT_KEYS.map((key) => [key, translated?.[key] || widget[key]]),
  ) as Required<WidgetTexts>;
}
