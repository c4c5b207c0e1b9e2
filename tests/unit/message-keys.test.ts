// Message keys are checked by the compiler (global.d.ts registers en.json with next-intl's AppConfig):
// this file is part of `npm run check` (tsc), where each @ts-expect-error fails the check if the
// misspelt key below it were accepted.
import { createTranslator, type Messages } from 'next-intl';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

const translator = (locale: 'en' | 'de') =>
  createTranslator({ locale, messages: (locale === 'en' ? en : de) as Messages, namespace: 'Shop.success' });

/** A key the catalogue does not have: kept out of the test's run, only the compiler reads it. */
export function misspelt(t: ReturnType<typeof translator>) {
  // @ts-expect-error: "titel" is no key of Shop.success
  return t('titel');
}

describe('typed message keys', () => {
  it('translates the keys the catalogue has, in both languages', () => {
    expect(translator('en')('title')).toBe('Thank you for your order');
    expect(translator('de')('status.paid')).toBe(de.Shop.success.status.paid);
  });
});
