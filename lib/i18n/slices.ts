import type { Messages } from 'next-intl';

// Client components get typed slices of the catalogue (`Messages['Chat']`, picked on the server from
// loadMessages), not the i18n runtime: their texts fill `{name}` placeholders here, and a plural comes
// as a `{ one, other }` pair chosen by Intl.PluralRules (English and German have just these two forms).
export type { Messages };

export type Plural = { one: string; other: string };

type Values = Record<string, string | number>;

/** `template` with each `{name}` replaced by `values[name]` (an unknown name is left as it is). */
export function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/** The form of `forms` for `count` in `locale`, with `{count}` and `values` filled. */
export function plural(forms: Plural, count: number, locale: string, values: Values = {}): string {
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? forms.one : forms.other;
  return fill(form, { count, ...values });
}
