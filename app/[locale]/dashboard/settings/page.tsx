import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { locales, type Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { CheckboxField, SelectField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';

const THEMES = ['light', 'dark', 'system'] as const;
const NOTIFICATIONS = ['ticketReplies', 'orderUpdates', 'productNews'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/settings'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'settings');
}

export default async function SettingsPage({ params }: PageProps<'/[locale]/dashboard/settings'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Dashboard.settings');
  const names = await getTranslations('LocaleSwitcher.names');
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <form method="post" className="space-y-6">
        <Card title={t('language.title')} titleId="language-title">
          <SelectField
            id="locale"
            label={t('language.label')}
            defaultValue={locale}
            options={locales.map((value) => ({ value, label: names(value) }))}
          />
        </Card>
        <Card title={t('theme.title')} titleId="theme-title">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-900">{t('theme.label')}</legend>
            <div className="flex flex-wrap gap-4">
              {THEMES.map((theme) => (
                <label key={theme} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="theme" value={theme} defaultChecked={theme === 'system'} className="accent-brand-700" />
                  {t(`theme.options.${theme}`)}
                </label>
              ))}
            </div>
          </fieldset>
        </Card>
        <Card title={t('notifications.title')} titleId="notifications-title">
          <div className="space-y-3">
            {NOTIFICATIONS.map((key) => (
              <CheckboxField key={key} id={key} label={t(`notifications.${key}`)} defaultChecked={key !== 'productNews'} />
            ))}
          </div>
        </Card>
        <Button type="submit">{t('save')}</Button>
      </form>
    </>
  );
}
