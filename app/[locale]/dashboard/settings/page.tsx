import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { locales, type Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import { pageMetadata } from '@/lib/seo/metadata';
import { ALERT_SCOPES, EMAIL_ALERTS, THEMES } from '@/lib/db/schema/accounts';
import { getSettings } from '@/lib/settings/service';
import { requireUser } from '@/lib/auth/require-user';
import { PageHeader } from '@/components/ui/page-header';
import { SettingsForm } from '@/components/dashboard/settings-form';
import { withErrorPage } from '@/components/errors/page-boundary';
import { loadMessages } from '@/lib/i18n/messages';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/settings'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'settings');
}

export default withErrorPage(async function SettingsPage({ params }: PageProps<'/[locale]/dashboard/settings'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = await requireUser();
  const [t, catalogues, { saved: _saved, ...settings }] = await Promise.all([
    getTranslations('Dashboard.settings'),
    Promise.all(locales.map(loadMessages)),
    getSettings(user.uid, locale),
  ]);
  const { Dashboard, LocaleSwitcher } = catalogues[locales.indexOf(locale)];
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <SettingsForm
        // The page's language is what the interface shows now, whatever was saved before.
        initial={{ ...settings, locale }}
        settingsPaths={Object.fromEntries(locales.map((value) => [value, localizedPath('/dashboard/settings', value)]))}
        labels={Dashboard.settings}
        languages={locales.map((value) => ({ value, label: LocaleSwitcher.names[value] }))}
        themes={THEMES}
        emailAlerts={EMAIL_ALERTS}
        alertScopes={ALERT_SCOPES}
        saved={Object.fromEntries(locales.map((value, index) => [value, catalogues[index].Dashboard.settings.saved]))}
      />
    </>
  );
});
