import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { z } from 'zod';
import { Link } from '@/components/ui/link';
import type { Locale } from '@/lib/i18n/routing';
import { sellerTime } from '@/lib/i18n/seller-time';
import { pageMetadata } from '@/lib/seo/metadata';
import { formatPrice } from '@/lib/money';
import { orderPage } from '@/lib/shop/orders';
import { requireUser } from '@/lib/auth/require-user';
import { withErrorPage } from '@/components/errors/page-boundary';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/dashboard/pagination';
import { OrderStatusBadge } from '@/components/shop/order-status';
import { NoOrders } from '@/components/shop/no-orders';

const pageQuery = z.coerce.number().int().min(1).max(10_000).catch(1);

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/orders'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'orders');
}

/** The user's orders, newest first, a page at a time: reference (its receipt), date, items, amount, status. */
export default withErrorPage(async function OrdersPage({
  params,
  searchParams,
}: PageProps<'/[locale]/dashboard/orders'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = await requireUser();
  const [t, status, result] = await Promise.all([
    getTranslations('Dashboard.orders'),
    getTranslations('Shop.success.status'),
    orderPage(user.uid, pageQuery.parse((await searchParams).page)),
  ]);
  const cell = 'px-3 py-2 align-baseline';
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <Card title={t('list')} titleId="orders-list-title">
        {result.items.length === 0 ? (
          <NoOrders />
        ) : (
          <div className="space-y-4">
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm text-slate-800" aria-labelledby="orders-list-title">
                <thead className="border-b border-slate-300 text-slate-700">
                  <tr>
                    {(['reference', 'date', 'items', 'amount', 'status'] as const).map((key) => (
                      <th
                        key={key}
                        scope="col"
                        className={`${cell} font-medium ${key === 'amount' ? 'text-right' : ''}`}
                      >
                        {t(`columns.${key}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {result.items.map((order) => (
                    <tr key={order.id} data-order-id={order.id}>
                      <th scope="row" className={`${cell} font-normal`}>
                        <Link
                          href={`/shop/success?order=${order.id}`}
                          aria-label={t('receipt', { reference: order.reference })}
                          className="font-mono font-semibold text-brand-700 underline underline-offset-4"
                        >
                          {order.reference}
                        </Link>
                      </th>
                      <td className={cell}>
                        <time dateTime={order.createdAt}>{sellerTime(order.createdAt, locale)}</time>
                      </td>
                      <td className={cell}>
                        {order.product.name[locale]} × {order.quantity}
                      </td>
                      <td className={`${cell} text-right tabular-nums`}>
                        {formatPrice(order.amountCents, order.currency, locale)}
                      </td>
                      <td className={cell}>
                        <OrderStatusBadge status={order.status} label={status(order.status)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={result.page}
              pages={result.pages}
              href={(page) =>
                page > 1 ? { pathname: '/dashboard/orders', query: { page: String(page) } } : '/dashboard/orders'
              }
            />
          </div>
        )}
      </Card>
    </>
  );
});
