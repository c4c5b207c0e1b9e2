import { getLocale, getTranslations } from 'next-intl/server';
import { locales, type Locale } from '@/lib/i18n/routing';
import { LocaleSwitcherLinks } from './locale-switcher-links';

export async function LocaleSwitcher() {
  const t = await getTranslations('LocaleSwitcher');
  const current = (await getLocale()) as Locale;
  return (
    <nav aria-label={t('label')}>
      <LocaleSwitcherLinks
        current={current}
        options={locales.map((locale) => ({ locale, label: t(`names.${locale}`) }))}
      />
    </nav>
  );
}
