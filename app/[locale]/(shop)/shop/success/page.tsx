import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { buttonClasses } from '@/components/ui/button';

const ORDER_REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

export async function generateMetadata({ params }: PageProps<'/[locale]/shop/success'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'shopSuccess');
}

export default async function ShopSuccessPage({ params, searchParams }: PageProps<'/[locale]/shop/success'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('Shop.success');
  const { order } = await searchParams;
  const reference = typeof order === 'string' && ORDER_REFERENCE.test(order) ? order : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <PageHeader title={t('title')} lead={t('lead')} />
      <Card title={t('orderTitle')} titleId="order-title">
        {reference ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
            <dt className="font-medium">{t('reference')}</dt>
            <dd className="font-mono">{reference}</dd>
          </dl>
        ) : (
          <p className="text-slate-700">{t('noOrder')}</p>
        )}
      </Card>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/dashboard" className={buttonClasses('primary')}>
          {t('toDashboard')}
        </Link>
        <Link href="/" className={buttonClasses('secondary')}>
          {t('toShop')}
        </Link>
      </div>
    </div>
  );
}
