import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { formatPrice } from '@/lib/money';
import { billsLocally } from '@/lib/billing/clock';
import {
  asksImmediateStartConsent,
  billingPath,
  checkoutPrice,
  subscriptionCheckout,
} from '@/lib/billing/local/checkout';
import { PLAN_CURRENCY } from '@/lib/billing/plans';
import { Card } from '@/components/ui/card';
import { LocalCheckoutForm } from '@/components/shop/local-checkout-form';
import { TestModeNote } from '@/components/shop/test-mode-note';
import { withErrorPage } from '@/components/errors/page-boundary';
import { buttonClasses } from '@/components/ui/button';
import { loadMessages } from '@/lib/i18n/messages';

export async function generateMetadata({ params }: PageProps<'/[locale]/shop/subscribe/[id]'>): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale as Locale, namespace: 'Shop.subscribe' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * The local test checkout of a subscription (local mode), beside the shop's: the plan, its price, the trial,
 * and the card form. Only the owner who opened it can pay it (the payment checks the session).
 */
export default withErrorPage(async function SubscribePage({ params }: PageProps<'/[locale]/shop/subscribe/[id]'>) {
  const { locale: raw, id } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  if (!billsLocally()) notFound();
  const checkout = await subscriptionCheckout(id);
  if (!checkout) notFound();
  const [t, { Shop }] = await Promise.all([getTranslations('Shop.subscribe'), loadMessages(locale)]);
  const cents = await checkoutPrice(checkout);
  const amount = formatPrice(cents, PLAN_CURRENCY, locale);
  const open = checkout.status === 'open' && checkout.expiresAt > new Date();
  const askConsent = open && (await asksImmediateStartConsent(checkout));

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12">
      <TestModeNote text={t('testMode')} />
      <h1 className="mb-6 text-3xl font-bold text-slate-900">{t('title')}</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('summary')} titleId="summary-title">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
            <dt className="font-medium">{t('plan')}</dt>
            <dd>{t('planName', { plan: checkout.plan })}</dd>
            <dt className="font-medium">{t('billed')}</dt>
            <dd>{t('interval', { interval: checkout.interval })}</dd>
            <dt className="font-medium">{t('price')}</dt>
            <dd className="font-bold" data-amount-cents={cents}>
              {t('perInterval', { amount, interval: checkout.interval })}
            </dd>
          </dl>
          {checkout.trial && <p className="mt-4 text-sm text-slate-700">{t('trial', { amount })}</p>}
        </Card>
        <section aria-labelledby="payment-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="payment-title" className="mb-4 text-lg font-semibold text-slate-900">
            {t('title')}
          </h2>
          {open ? (
            <>
              <LocalCheckoutForm
                sessionId={checkout.id}
                askEmail={false}
                total={amount}
                labels={Shop.checkout}
                action={`/api/checkout/subscription/${checkout.id}`}
                submitLabel={checkout.trial ? t('startTrial') : t('subscribe', { amount })}
                consent={askConsent ? t('immediateStart') : undefined}
              />
              <p className="mt-4 text-center">
                <a href={billingPath(locale)} className="text-sm font-medium text-brand-700 underline">
                  {t('cancel')}
                </a>
              </p>
            </>
          ) : (
            <>
              <p className="mb-4 text-slate-700">{checkout.status === 'complete' ? t('done') : t('expired')}</p>
              <a href={billingPath(locale)} className={buttonClasses('primary')}>
                {t('toBilling')}
              </a>
            </>
          )}
        </section>
      </div>
    </div>
  );
});
