import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { env } from '@/lib/env';
import { formatPrice } from '@/lib/money';
import { localCheckoutSession, receiptAddress, statusOf } from '@/lib/shop/local-checkout';
import { orderSummary } from '@/lib/shop/orders';
import { Card } from '@/components/ui/card';
import { LocalCheckoutForm } from '@/components/shop/local-checkout-form';
import { TestModeNote } from '@/components/shop/test-mode-note';
import { PurchaseTerms } from '@/components/legal/purchase-terms';
import { withErrorPage } from '@/components/errors/page-boundary';
import { Link } from '@/components/ui/link';
import { buttonClasses } from '@/components/ui/button';
import { loadMessages } from '@/lib/i18n/messages';

export async function generateMetadata({ params }: PageProps<'/[locale]/shop/checkout/[id]'>): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale as Locale, namespace: 'Shop.checkout' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * The local test checkout (local mode): what a hosted checkout shows, clearly marked as test mode.
 * With Stripe configured the buyer goes to Stripe instead and this page does not exist.
 */
export default withErrorPage(async function LocalCheckoutPage({ params }: PageProps<'/[locale]/shop/checkout/[id]'>) {
  const { locale: raw, id } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  if (env.stripe.secretKey) notFound();
  const session = await localCheckoutSession(id);
  const order = session && (await orderSummary(session.orderId));
  if (!session || !order) notFound();
  const [t, { Shop }, email] = await Promise.all([
    getTranslations('Shop.checkout'),
    loadMessages(locale),
    receiptAddress(order.id),
  ]);
  const open = statusOf(session) === 'open';
  // Why a checkout no longer takes a payment: its buyer left it, it was paid, or its time ran out.
  const closed = order.status === 'cancelled' ? 'cancelled' : order.status === 'paid' ? 'paid' : 'expired';
  const total = formatPrice(session.amountCents, session.currency, locale);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12">
      <TestModeNote text={t('testMode')} />
      <h1 className="mb-6 text-3xl font-bold text-slate-900">{t('title')}</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('summary')} titleId="summary-title">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
            <dt className="font-medium">{t('product')}</dt>
            <dd>{order.product.name[locale]}</dd>
            <dt className="font-medium">{t('quantity')}</dt>
            <dd>{order.quantity}</dd>
            <dt className="font-medium">{t('total')}</dt>
            <dd className="text-lg font-bold" data-amount-cents={session.amountCents}>
              {total}
            </dd>
          </dl>
        </Card>
        <section aria-labelledby="payment-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="payment-title" className="mb-4 text-lg font-semibold text-slate-900">
            {open ? t('pay', { amount: total }) : t(`closed.${closed}.title`)}
          </h2>
          {open ? (
            <>
              {email && <p className="mb-4 break-words text-sm text-slate-700">{t('emailKnown', { email })}</p>}
              <LocalCheckoutForm sessionId={session.id} askEmail={!email} total={total} labels={Shop.checkout} />
              <div className="mt-4">
                <PurchaseTerms locale={locale} at="checkout" />
              </div>
              <p className="mt-4 text-center">
                <a href={session.cancelUrl} className="text-sm font-medium text-brand-700 underline">
                  {t('cancel')}
                </a>
              </p>
            </>
          ) : (
            <>
              <p className="mb-4 text-slate-700">{t(`closed.${closed}.message`)}</p>
              {closed === 'paid' ? (
                <Link href={`/shop/success?order=${order.id}`} className={buttonClasses('primary')}>
                  {t('closed.viewOrder')}
                </Link>
              ) : (
                <Link href={`/shop/${order.product.slug}`} className={buttonClasses('primary')}>
                  {t('closed.startAgain', { product: order.product.name[locale] })}
                </Link>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
});
