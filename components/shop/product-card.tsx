import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { formatPrice, type ProductView } from '@/lib/shop/catalogue';
import { BuyButton } from './buy-button';
import { cn } from '@/lib/cn';

export async function ProductCard({ product, locale }: { product: ProductView; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home.plans' });
  const headingId = `product-${product.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col rounded-xl border bg-white p-6 shadow-sm',
        product.highlighted ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200',
      )}
    >
      {product.highlighted && (
        <p className="mb-2 self-start rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-900">{t('popular')}</p>
      )}
      <h3 id={headingId} className="text-xl font-bold text-slate-900">
        {product.name}
      </h3>
      <p className="mt-2 text-slate-700">{product.description}</p>
      <p className="mt-4">
        <span className="text-3xl font-bold text-slate-900" data-price-cents={product.priceCents}>
          {formatPrice(product.priceCents, product.currency, locale)}
        </span>{' '}
        <span className="text-sm text-slate-700">{t('oneTime')}</span>
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-800">
        {product.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-green-700" fill="none" stroke="currentColor" strokeWidth={2}>
              <path strokeLinecap="round" strokeLinejoin="round" d="M5 13l4 4L19 7" />
            </svg>
            {feature}
          </li>
        ))}
      </ul>
      <BuyButton
        productId={product.slug}
        primary={product.highlighted}
        labels={{
          buy: t('buy'),
          buyLabel: t('buyLabel', { name: product.name }),
          quantity: t('quantity'),
          buying: t('buying'),
          error: t('buyError'),
        }}
      />
    </article>
  );
}
