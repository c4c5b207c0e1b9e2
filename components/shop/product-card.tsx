import { getTranslations } from 'next-intl/server';
import { loadMessages } from '@/lib/i18n/messages';
import { Link } from '@/components/ui/link';
import { CheckIcon } from '@/components/ui/check-icon';
import type { Locale } from '@/lib/i18n/routing';
import { type ProductView } from '@/lib/shop/catalogue';
import { formatPrice } from '@/lib/money';
import { BuyButton } from './buy-button';
import { cn } from '@/lib/cn';

/** The price with "one-time" beside it. */
export async function ProductPrice({
  product,
  locale,
  large,
}: {
  product: ProductView;
  locale: Locale;
  large?: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'Home.plans' });
  return (
    <p className="mt-4">
      <span
        className={cn('font-bold text-slate-900', large ? 'text-4xl' : 'text-3xl')}
        data-price-cents={product.priceCents}
      >
        {formatPrice(product.priceCents, product.currency, locale)}
      </span>{' '}
      <span className="text-sm text-slate-700">{t('oneTime')}</span>
    </p>
  );
}

/** What the product includes, ticked. */
export function ProductFeatures({ features, className }: { features: string[]; className?: string }) {
  return (
    <ul className={cn('space-y-2 text-sm text-slate-800', className)}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <CheckIcon />
          {feature}
        </li>
      ))}
    </ul>
  );
}

/** "Buy" for one product, with a quantity where quantities add up (not for a plan, bought once). */
export async function ProductBuy({ product, locale }: { product: ProductView; locale: Locale }) {
  // The same slice for every product: the page's payload carries it once.
  const { Home } = await loadMessages(locale);
  return (
    <BuyButton
      productId={product.slug}
      name={product.name}
      primary={product.highlighted}
      quantities={product.widgetLimit === null}
      labels={Home.plans}
    />
  );
}

/** A product on the landing page; its name links to the product's own page. */
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
        <p className="mb-2 self-start rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-900">
          {t('popular')}
        </p>
      )}
      <h3 id={headingId} className="text-xl font-bold text-slate-900">
        <Link
          href={`/shop/${product.slug}`}
          className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {product.name}
        </Link>
      </h3>
      <p className="mt-2 text-slate-700">{product.description}</p>
      <ProductPrice product={product} locale={locale} />
      <ProductFeatures features={product.features} className="mt-4 flex-1" />
      <ProductBuy product={product} locale={locale} />
    </article>
  );
}
