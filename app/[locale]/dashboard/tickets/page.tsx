import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';

const CATEGORIES = ['billing', 'technical', 'account', 'other'] as const;
const STATUSES = ['open', 'answered', 'closed'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/tickets'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'tickets');
}

export default async function TicketsPage({ params }: PageProps<'/[locale]/dashboard/tickets'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('Dashboard.tickets');
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Card title={t('list.title')} titleId="ticket-list-title">
          <p className="text-slate-700">{t('list.empty')}</p>
          <h3 className="mt-6 text-sm font-semibold text-slate-900">{t('list.statusLegend')}</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800">
            {STATUSES.map((status) => (
              <div key={status} className="contents">
                <dt className="font-medium">{t(`status.${status}`)}</dt>
                <dd>{t(`statusHelp.${status}`)}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card title={t('create.title')} titleId="ticket-create-title">
          <form method="post" className="space-y-4">
            <TextField id="subject" label={t('create.subject')} minLength={3} maxLength={120} required />
            <SelectField
              id="category"
              label={t('create.category')}
              options={CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
            />
            <TextAreaField id="message" label={t('create.message')} minLength={10} maxLength={5000} rows={6} required />
            <Button type="submit">{t('create.submit')}</Button>
          </form>
        </Card>
      </div>
    </>
  );
}
