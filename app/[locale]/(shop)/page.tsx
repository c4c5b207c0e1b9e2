import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import type { Locale } from '@/lib/i18n/routing';
import { activeProducts } from '@/lib/shop/products';
import { pageMetadata } from '@/lib/seo/metadata';
import { organizationJsonLd, productListJsonLd, webSiteJsonLd } from '@/lib/seo/structured-data';
import { env } from '@/lib/env';
import { JsonLd } from '@/components/seo/json-ld';
import { buttonClasses } from '@/components/ui/button';
import { ProductCard } from '@/components/shop/product-card';
import { IntervalSwitch, PlanCard } from '@/components/shop/plan-offer';
import { ProductPictures } from '@/components/shop/product-pictures';
import { loadMessages } from '@/lib/i18n/messages';
import { planOfProduct } from '@/lib/storefront/plan-offers';

// The landing page is prerendered per locale and served from the cache; it is revalidated when the
// catalogue in the database changes (lib/shop/catalogue-watch.ts).
export const dynamic = 'force-static';
// Only en and de exist: any other first segment (`/favicon.ico`) is a 404, never a per-request render.
// Set on each prerendered page rather than on the locale layout: a `false` anywhere in a route applies
// to all of its params, and the product pages must render products added after the build.
export const dynamicParams = false;

const FAQ_KEYS = [
  'install',
  'languages',
  'trial',
  'payment',
  'plans',
  'cancel',
  'overdue',
  'withdrawal',
  'guest',
  'limits',
  'privacy',
] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, 'home', '/');
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const { locale: raw } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const [t, metadata, products, { Plans, Home }] = await Promise.all([
    getTranslations('Home'),
    getTranslations('Metadata'),
    activeProducts(locale),
    loadMessages(locale),
  ]);
  // The catalogue's plans are sold as subscriptions from the table of plans; the rest (the setup service) once.
  const plans = products.flatMap((product) => {
    const plan = planOfProduct(product.slug);
    return plan ? [{ plan, product }] : [];
  });
  const services = products.filter((product) => !planOfProduct(product.slug));

  return (
    <>
      {/* Plauder's own widget, live: a plain script that adds it once the page is interactive (public/embed.js). */}
      {env.supportWidgetId && (
        <script src="/embed.js" data-widget={env.supportWidgetId} data-title={metadata('siteName')} async />
      )}
      {/* Google marks up a product on its own page only: here the seller, the site and links to them. */}
      <JsonLd
        data={organizationJsonLd(env.operator, {
          siteName: metadata('siteName'),
          description: metadata('home.description'),
          locale,
        })}
      />
      <JsonLd data={webSiteJsonLd({ siteName: metadata('siteName'), locale })} />
      <JsonLd data={productListJsonLd(products, locale)} />
      <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center">
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700">{t('hero.lead')}</p>
          {env.supportWidgetId && <p className="mx-auto mt-3 max-w-2xl text-slate-700">{t('hero.widget')}</p>}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link href="/#plans" className={buttonClasses('primary', 'lg')}>
              {t('hero.primary')}
            </Link>
            <Link href="/chat" className={buttonClasses('secondary', 'lg')}>
              {t('hero.secondary')}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="benefits-title" className="text-center text-2xl font-bold text-slate-900">
          {t('benefits.title')}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-3">
          {(['live', 'bilingual', 'embed'] as const).map((key) => (
            <li key={key} className="rounded-lg bg-white p-6 shadow-sm">
              <h3 className="font-semibold text-slate-900">{t(`benefits.${key}.title`)}</h3>
              <p className="mt-2 text-slate-700">{t(`benefits.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <ProductPictures labels={Home.pictures} locale={locale} />

      <section id="plans" aria-labelledby="plans-title" data-interval-scope className="scroll-mt-8 bg-white py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="plans-title" className="text-center text-3xl font-bold text-slate-900">
            {t('plans.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">{t('plans.lead')}</p>
          <div className="mt-8">
            <IntervalSwitch labels={Plans} />
          </div>
          <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            <PlanCard
              plan="free"
              name={Plans.free.name}
              title={Plans.free.name}
              description={Plans.free.description}
              highlighted={false}
              labels={Plans}
              popular={t('plans.popular')}
              locale={locale}
            />
            {plans.map(({ plan, product }) => (
              <PlanCard
                key={plan}
                plan={plan}
                name={product.name}
                title={
                  <Link
                    href={`/shop/${product.slug}`}
                    className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    {product.name}
                  </Link>
                }
                description={product.description}
                highlighted={product.highlighted}
                labels={Plans}
                popular={t('plans.popular')}
                locale={locale}
              />
            ))}
          </div>
          <p className="mx-auto mt-6 max-w-3xl text-center text-sm text-slate-700">{Plans.common}</p>
          <div className="mx-auto mt-10 grid max-w-sm gap-6">
            {services.map((product) => (
              <ProductCard key={product.slug} product={product} locale={locale} />
            ))}
          </div>
          <p className="mt-6 text-center text-sm text-slate-700">{t('plans.vat')}</p>
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-title" className="mx-auto max-w-3xl scroll-mt-8 px-4 py-16">
        <h2 id="faq-title" className="text-center text-3xl font-bold text-slate-900">
          {t('faq.title')}
        </h2>
        <div className="mt-8 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {FAQ_KEYS.map((key) => (
            <details key={key} className="group p-5">
              <summary className="cursor-pointer font-semibold text-slate-900">{t(`faq.items.${key}.q`)}</summary>
              <p className="mt-3 text-slate-700">{t(`faq.items.${key}.a`)}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}
