import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { orderOfViewer } from '@/lib/shop/orders';
import { getSessionUser } from '@/lib/session/server';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { buttonClasses } from '@/components/ui/button';
import { OrderRefresh } from '@/components/shop/order-refresh';
import { OrderLines } from '@/components/shop/order-receipt';
import { OrderStatusBadge } from '@/components/shop/order-status';
import { sellerTime } from '@/lib/i18n/seller-time';
import { withErrorPage } from '@/components/errors/page-boundary';

export async function generateMetadata({ params }: PageProps<'/[locale]/shop/success'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'shopSuccess');
}

/**
 * The order after the checkout, as its receipt: reference, line items, net, VAT and total, the buyer's
 * address, and the next step. "Processing" until the provider confirms the payment, refreshing itself.
 */
export default withErrorPage(async function ShopSuccessPage({
  params,
  searchParams,
}: PageProps<'/[locale]/shop/success'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Shop.success');
  const { order: reference } = await searchParams;
  // Another user's order is not found here (its reference alone does not show it).
  const viewer = await getSessionUser();
  const order = typeof reference === 'string' ? await orderOfViewer(reference, viewer?.uid ?? null) : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <PageHeader title={t('title')} lead={order?.status === 'paid' ? undefined : t('lead')} />
      <Card title={t('orderTitle')} titleId="order-title">
        {order ? (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
              <dt className="font-medium">{t('reference')}</dt>
              <dd className="font-mono font-semibold" data-order-reference>
                {order.reference}
              </dd>
              <dt className="font-medium">{t('date')}</dt>
              <dd data-order-date>
                <time dateTime={order.createdAt}>{sellerTime(order.createdAt, locale)}</time>
              </dd>
              {order.paidAt && (
                <>
                  <dt className="font-medium">{t('paidAt')}</dt>
                  <dd data-order-paid>
                    <time dateTime={order.paidAt}>{sellerTime(order.paidAt, locale)}</time>
                  </dd>
                </>
              )}
              {order.email && (
                <>
                  <dt className="font-medium">{t('email')}</dt>
                  <dd className="break-all">{order.email}</dd>
                </>
              )}
              <dt className="font-medium">{t('status.label')}</dt>
              <dd>
                <OrderStatusBadge status={order.status} label={t(`status.${order.status}`)} live />
              </dd>
            </dl>
            <OrderLines order={order} locale={locale} />
            {order.status === 'pending' && <p className="mt-4 text-sm text-slate-700">{t('checking')}</p>}
            <OrderRefresh pending={order.status === 'pending'} />
          </>
        ) : (
          <p className="text-slate-700">{t('noOrder')}</p>
        )}
      </Card>
      {order?.status === 'paid' && (
        <Card title={t('nextStep.title')} titleId="next-step-title" className="mt-6">
          {/* A guest's order joins the account that confirms its address (lib/shop/guest-orders). */}
          <p className="mb-4 text-slate-700">
            {viewer ? t('nextStep.text') : t('nextStep.guestText', { email: order.email ?? '' })}
          </p>
          <Link href={viewer ? '/dashboard/widgets' : '/signup'} className={buttonClasses('primary')}>
            {viewer ? t('nextStep.action') : t('nextStep.guestAction')}
          </Link>
        </Card>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/dashboard" className={buttonClasses(order?.status === 'paid' ? 'secondary' : 'primary')}>
          {t('toDashboard')}
        </Link>
        <Link href="/" className={buttonClasses('secondary')}>
          {t('toShop')}
        </Link>
      </div>
    </div>
  );
});
