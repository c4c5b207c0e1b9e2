import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { loadMessages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { ToastShowcase } from '@/components/sample/toast-showcase';

// Prerendered for en and de only; any other locale is a 404 (see the landing page).
export const dynamicParams = false;

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger'];

export async function generateMetadata({ params }: PageProps<'/[locale]/sample'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'sample');
}

export default async function SamplePage({ params }: PageProps<'/[locale]/sample'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const [t, { Sample }] = await Promise.all([getTranslations('Sample'), loadMessages(locale)]);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="space-y-6">
        <Card title={t('buttons.title')} titleId="buttons-title">
          <div className="flex flex-wrap gap-2">
            {VARIANTS.map((variant) => (
              <Button key={variant} variant={variant}>
                {t(`buttons.${variant}`)}
              </Button>
            ))}
            <Button disabled>{t('buttons.disabled')}</Button>
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <Button size="sm">{t('buttons.small')}</Button>
            <Button size="md">{t('buttons.medium')}</Button>
            <Button size="lg">{t('buttons.large')}</Button>
          </div>
        </Card>
        <Card title={t('fields.title')} titleId="fields-title">
          <form className="space-y-4" aria-labelledby="fields-title">
            <TextField id="sample-name" label={t('fields.name')} hint={t('fields.nameHint')} />
            <TextField
              id="sample-email"
              type="email"
              label={t('fields.email')}
              error={t('fields.emailError')}
              defaultValue="not-an-address"
            />
            <SelectField
              id="sample-plan"
              label={t('fields.plan')}
              options={[
                { value: 'starter', label: 'Starter' },
                { value: 'professional', label: 'Professional' },
              ]}
            />
            <TextAreaField id="sample-message" label={t('fields.message')} />
            <CheckboxField id="sample-terms" label={t('fields.terms')} />
            <Button type="submit">{t('fields.submit')}</Button>
          </form>
        </Card>
        <Card title={t('toasts.title')} titleId="toasts-title">
          <ToastShowcase labels={Sample.toasts} />
        </Card>
      </div>
    </>
  );
}
