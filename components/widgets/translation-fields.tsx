import type { WidgetTranslations, WidgetTexts } from '@/lib/db/schema/widget-settings';
import { TextAreaField, TextField } from '@/components/ui/field';
import { fill, type Messages } from '@/lib/i18n/slices';

/**
 * The greeting, away message and pre-chat note in each language other than the widget's own: what visitors reading that
 * language see. Left empty, they get the widget's own texts (lib/widgets/texts.ts).
 */
export function TranslationFields({
  prefix,
  widgetLocale,
  languages,
  value,
  onChange,
  labels,
  fields,
}: {
  prefix: string;
  widgetLocale: string;
  languages: Array<{ value: string; label: string }>;
  value: WidgetTranslations;
  onChange: (value: WidgetTranslations) => void;
  labels: Messages['Dashboard']['widgets']['form'];
  fields: Record<string, string>;
}) {
  const others = languages.filter((language) => language.value !== widgetLocale) as Array<{
    value: keyof WidgetTranslations;
    label: string;
  }>;
  const set = (locale: keyof WidgetTranslations, key: keyof WidgetTexts, text: string) =>
    onChange({ ...value, [locale]: { ...value[locale], [key]: text } });
  return others.map(({ value: locale, label }) => (
    <fieldset key={locale} className="space-y-3 rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">
        {fill(labels.translations, { language: label })}
      </legend>
      <p className="text-sm text-slate-600">{fill(labels.translationsHint, { language: label })}</p>
      <TextField
        id={`${prefix}greeting-${locale}`}
        label={fill(labels.greetingIn, { language: label })}
        value={value[locale]?.greeting ?? ''}
        onChange={(e) => set(locale, 'greeting', e.target.value)}
        maxLength={200}
        lang={locale}
        error={fields[`translations.${locale}.greeting`]}
      />
      <TextAreaField
        id={`${prefix}away-${locale}`}
        label={fill(labels.awayMessageIn, { language: label })}
        value={value[locale]?.awayMessage ?? ''}
        onChange={(e) => set(locale, 'awayMessage', e.target.value)}
        rows={2}
        maxLength={300}
        lang={locale}
        error={fields[`translations.${locale}.awayMessage`]}
      />
      <TextAreaField
        id={`${prefix}pre-chat-note-${locale}`}
        label={fill(labels.preChatNoteIn, { language: label })}
        value={value[locale]?.preChatNote ?? ''}
        onChange={(e) => set(locale, 'preChatNote', e.target.value)}
        rows={2}
        maxLength={300}
        lang={locale}
        error={fields[`translations.${locale}.preChatNote`]}
      />
    </fieldset>
  ));
}
