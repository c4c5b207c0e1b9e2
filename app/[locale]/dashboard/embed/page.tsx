import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { locales, type Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/embed'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'embed');
}

export default async function EmbedPage({ params }: PageProps<'/[locale]/dashboard/embed'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Dashboard.embed');
  const names = await getTranslations('LocaleSwitcher.names');
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="space-y-6">
        <Card title={t('widgets.title')} titleId="widgets-title">
          <p className="text-slate-700">{t('widgets.empty')}</p>
        </Card>
        <Card title={t('form.title')} titleId="widget-form-title">
          <form method="post" className="space-y-4">
            <TextField id="name" label={t('form.name')} maxLength={60} required />
            <TextAreaField id="origins" label={t('form.origins')} hint={t('form.originsHint')} rows={3} />
            <TextField id="accent" type="color" label={t('form.accent')} defaultValue="#4338ca" className="h-10 w-20 p-1" />
            <TextField id="greeting" label={t('form.greeting')} maxLength={200} />
            <SelectField
              id="defaultLocale"
              label={t('form.language')}
              defaultValue={locale}
              options={locales.map((value) => ({ value, label: names(value) }))}
            />
            <Button type="submit">{t('form.submit')}</Button>
          </form>
        </Card>
        <Card title={t('snippet.title')} titleId="snippet-title">
          <p className="text-slate-700">{t('snippet.text')}</p>
        </Card>
      </div>
    </>
  );
}
