import type { FieldError } from '@/components/ui/field';
import { fill } from '@/lib/i18n/slices';

/**
 * What is wrong with the origins list: about the list as a whole, or a sentence per refused origin,
 * quoting it as it was sent (`sent`: the non-empty lines, trimmed).
 */
export function originsError(fields: Record<string, string>, template: string, sent: string[]): FieldError | undefined {
  if (fields.allowedOrigins) return fields.allowedOrigins;
  const refused = Object.entries(fields)
    .filter(([key]) => /^allowedOrigins\.\d+$/.test(key))
    .map(([key, message]) => ({ index: Number(key.split('.')[1]), message }))
    .sort((a, b) => a.index - b.index);
  return refused.length
    ? refused.map(({ index, message }) => fill(template, { origin: sent[index] ?? '', message }))
    : undefined;
}

/** The first error about a field or any part of it (`businessHours.days.mon.to`). */
export const fieldError = (fields: Record<string, string>, name: string) =>
  fields[name] ?? Object.entries(fields).find(([key]) => key.startsWith(`${name}.`))?.[1];
