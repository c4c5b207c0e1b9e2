import type { WidgetTranslations } from '@/lib/db/schema/widget-settings';

type Locale = 'en' | 'de';

/**
 * The greeting and away message a visitor reads in `locale`: the owner's translation where they wrote one, else
 * the widget's own texts (written in its `locale`), so a visitor never meets an empty greeting by accident.
 */
export function textsFor(
  widget: { locale: Locale; greeting: string; awayMessage: string; translations: WidgetTranslations },
  locale: Locale,
): { greeting: string; awayMessage: string } {
  const translated = locale === widget.locale ? undefined : widget.translations[locale];
  return {
    greeting: translated?.greeting || widget.greeting,
    awayMessage: translated?.awayMessage || widget.awayMessage,
  };
}
