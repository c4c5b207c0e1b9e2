import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import type { OrderReceipt } from '@/lib/shop/orders';
import { formatPrice, splitVat } from '@/lib/money';

/**
 * An order's line items and amounts as a receipt states them: unit price and amount per line, then the
 * net amount, the VAT the prices include (with its rate) and the total.
 */
export async function OrderLines({ order, locale }: { order: OrderReceipt; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Shop.receipt' });
  const price = (cents: number) => formatPrice(cents, order.currency, locale);
  const { netCents, vatCents, ratePercent } = splitVat(order.amountCents, order.vatRateBasisPoints);
  const cell = 'py-2 text-right tabular-nums';
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full text-sm text-slate-800">
        <caption className="sr-only">{t('items')}</caption>
        <thead className="border-b border-slate-300 text-left text-slate-700">
          <tr>
            {(['item', 'quantity', 'unitPrice', 'amount'] as const).map((key) => (
              <th key={key} scope="col" className={key === 'item' ? 'py-2 font-medium' : 'py-2 text-right font-medium'}>
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-200">
            <th scope="row" className="py-2 text-left font-normal">
              {order.product.name[locale]}
            </th>
            <td className={cell}>{order.quantity}</td>
            <td className={cell}>{price(order.amountCents / order.quantity)}</td>
            <td className={cell}>{price(order.amountCents)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr data-receipt="net">
            <th scope="row" colSpan={3} className="pt-3 text-right font-normal">
              {t('net')}
            </th>
            <td className={`${cell} pt-3`}>{price(netCents)}</td>
          </tr>
          <tr data-receipt="vat">
            <th scope="row" colSpan={3} className="text-right font-normal">
              {t('vat', { rate: ratePercent })}
            </th>
            <td className={cell}>{price(vatCents)}</td>
          </tr>
          <tr data-receipt="total" className="text-base font-bold text-slate-900">
            <th scope="row" colSpan={3} className="text-right">
              {t('total')}
            </th>
            <td className={cell}>{price(order.amountCents)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-2 text-xs text-slate-600">{t('vatNote', { rate: ratePercent })}</p>
    </div>
  );
}
