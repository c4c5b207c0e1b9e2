import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { locales, type Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import { pageMetadata } from '@/lib/seo/metadata';
import { THEMES } from '@/lib/db/schema';
import { getSettings } from '@/lib/settings/service';
import { requireUser } from '@/lib/session/require-user';
import { PageHeader } from '@/components/ui/page-header';
import { SettingsForm } from '@/components/dashboard/settings-form';
import { withErrorPage } from '@/lib/errors/page-boundary';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/settings'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'settings');
}

export default withErrorPage(async function SettingsPage({ params }: PageProps<'/[locale]/dashboard/settings'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = await requireUser();
  const [t, names, { saved: _saved, ...settings }] = await Promise.all([
    getTranslations('Dashboard.settings'),
    getTranslations('LocaleSwitcher.names'),
    getSettings(user.uid, locale),
  ]);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <SettingsForm
        // The page's language is what the interface shows now, whatever was saved before.
        initial={{ ...settings, locale }}
        settingsPaths={Object.fromEntries(locales.map((value) => [value, localizedPath('/dashboard/settings', value)]))}
        labels={{
          languageTitle: t('language.title'),
          languageLabel: t('language.label'),
          locales: locales.map((value) => ({ value, label: names(value) })),
          themeTitle: t('theme.title'),
          themeLabel: t('theme.label'),
          themes: THEMES.map((value) => ({ value, label: t(`theme.options.${value}`) })),
          notificationsTitle: t('notifications.title'),
          notifications: [
            { key: 'notifyTicketReplies', label: t('notifications.ticketReplies') },
            { key: 'notifyOrderUpdates', label: t('notifications.orderUpdates') },
            { key: 'notifyProductNews', label: t('notifications.productNews') },
          ],
          save: t('save'),
          saved: Object.fromEntries(await Promise.all(locales.map(async (value) => [value, (await getTranslations({ locale: value, namespace: 'Dashboard.settings' }))('saved')]))),
          error: t('error'),
        }}
      />
    </>
  );
});
