import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';

const CATEGORIES = ['product', 'widget', 'dashboard', 'support', 'other'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/feedback'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'feedback');
}

export default async function FeedbackPage({ params }: PageProps<'/[locale]/dashboard/feedback'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('Dashboard.feedback');
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('form.title')} titleId="feedback-form-title">
          <form method="post" className="space-y-4">
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-900">{t('form.rating')}</legend>
              <div className="flex gap-3">
                {[1, 2, 3, 4, 5].map((value) => (
                  <label key={value} className="flex items-center gap-1 text-sm">
                    <input type="radio" name="rating" value={value} required className="accent-brand-700" />
                    <span>{t('form.stars', { count: value })}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <SelectField
              id="category"
              label={t('form.category')}
              options={CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
            />
            <TextAreaField id="message" label={t('form.message')} maxLength={2000} rows={5} />
            <TextField id="page" label={t('form.page')} hint={t('form.pageHint')} maxLength={200} />
            <Button type="submit">{t('form.submit')}</Button>
          </form>
        </Card>
        <Card title={t('history.title')} titleId="feedback-history-title">
          <p className="text-slate-700">{t('history.empty')}</p>
        </Card>
      </div>
    </>
  );
}
