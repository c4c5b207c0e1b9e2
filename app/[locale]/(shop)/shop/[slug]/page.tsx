import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { activeProduct, activeProducts } from '@/lib/shop/products';
import { pageMetadata } from '@/lib/seo/metadata';
import { breadcrumbJsonLd, productJsonLd } from '@/lib/seo/structured-data';
import { JsonLd } from '@/components/seo/json-ld';
import { NotFoundView } from '@/components/errors/not-found-view';
import { PurchaseTerms } from '@/components/legal/purchase-terms';
import { ProductBuy, ProductFeatures, ProductPrice } from '@/components/shop/product-card';
import { IntervalSwitch, PlanChoose, PlanFeatures, PlanPrices } from '@/components/shop/plan-offer';
import { loadMessages } from '@/lib/i18n/messages';
import { planOfProduct } from '@/lib/storefront/plan-offers';

// Prerendered for every product of the catalogue and revalidated when it changes
// (lib/shop/catalogue-watch.ts); a product added to the database later is rendered on its first visit.
export const dynamic = 'force-static';
export const dynamicParams = true;

export async function generateStaticParams({ params }: { params: { locale: string } }) {
  return (await activeProducts(params.locale as Locale)).map((product) => ({ slug: product.slug }));
}

export async function generateMetadata({ params }: PageProps<'/[locale]/shop/[slug]'>): Promise<Metadata> {
  const { locale, slug } = await params;
  const product = await activeProduct(slug, locale as Locale);
  // The 404 page's own title and description; its robots tag comes with the status (server/cache-handler.mjs).
  if (!product) {
    const { title, description } = await pageMetadata(locale as Locale, 'notFound');
    return { title, description };
  }
  return pageMetadata(locale as Locale, 'product', `/shop/${slug}`, {
    name: product.name,
    description: product.description,
  });
}

export default async function ProductPage({ params }: PageProps<'/[locale]/shop/[slug]'>) {
  const { locale: raw, slug } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const product = await activeProduct(slug, locale);
  // The 404 page itself rather than notFound(), whose text only the browser would render
  // (vercel/next.js#62228); the prerender cache stores and serves it with status 404.
  if (!product) return <NotFoundView locale={locale} path={localizedPath(`/shop/${slug}`, locale)} />;
  const [t, plans, metadata, { Plans }] = await Promise.all([
    getTranslations('Shop.product'),
    getTranslations('Home.plans'),
    getTranslations('Metadata'),
    loadMessages(locale),
  ]);
  // A plan is sold as a subscription, from the table of plans; any other product (the setup service) once.
  const plan = planOfProduct(product.slug);

  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <JsonLd data={productJsonLd(product, locale, metadata('siteName'))} />
      <JsonLd data={breadcrumbJsonLd([{ name: metadata('siteName'), path: '/' }, { name: product.name }], locale)} />
      <nav aria-label={t('breadcrumb')} className="text-sm">
        <Link href="/#plans" className="text-brand-800 underline underline-offset-4">
          <span aria-hidden="true">← </span>
          {t('allPlans')}
        </Link>
      </nav>
      <article
        aria-labelledby="product-title"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-8 shadow-sm"
      >
        {product.highlighted && (
          <p className="mb-2 inline-block rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-900">
            {plans('popular')}
          </p>
        )}
        <h1 id="product-title" className="text-3xl font-extrabold tracking-tight text-slate-900">
          {product.name}
        </h1>
        <p className="mt-3 text-lg text-slate-700">{product.description}</p>
        {plan ? (
          <div data-interval-scope className="mt-6">
            <IntervalSwitch labels={Plans} />
            <PlanPrices plan={plan} labels={Plans} locale={locale} large />
            <h2 className="mt-8 text-lg font-semibold text-slate-900">{t('included')}</h2>
            <PlanFeatures plan={plan} labels={Plans} locale={locale} className="mt-3 text-base" />
            <p className="mt-4 text-sm text-slate-700">{Plans.common}</p>
            <div className="max-w-xs">
              <PlanChoose plan={plan} name={product.name} labels={Plans} locale={locale} primary />
            </div>
          </div>
        ) : (
          <>
            <ProductPrice product={product} locale={locale} large />
            {product.priceValidUntil && (
              <p className="mt-1 text-sm text-slate-700">
                {t('priceValidUntil', {
                  date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
                    new Date(`${product.priceValidUntil}T12:00:00Z`),
                  ),
                })}
              </p>
            )}
            <h2 className="mt-8 text-lg font-semibold text-slate-900">{t('included')}</h2>
            <ProductFeatures features={product.features} className="mt-3 text-base" />
            <div className="max-w-xs">
              <ProductBuy product={product} locale={locale} />
            </div>
          </>
        )}
        <p className="mt-6 text-sm text-slate-700">{plans('vat')}</p>
        <div className="mt-2">
          <PurchaseTerms locale={locale} at="product" />
        </div>
      </article>
    </div>
  );
}
