import type { Locale } from './routing';

/** The message catalogue of a locale (server side; the browser never gets a whole catalogue). */
export async function loadMessages(locale: Locale) {
  return (await import(`../../messages/${locale}.json`)).default as typeof import('../../messages/en.json');
}
