import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { accountOverview, type Activity } from '@/lib/dashboard/overview';
import { clientFirebaseConfig } from '@/lib/firebase/config';
import { requireUser } from '@/lib/auth/require-user';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';
import { ResendVerification } from '@/components/auth/resend-verification';
import { loadMessages } from '@/lib/i18n/messages';
import { ordersOf } from '@/lib/shop/orders';
import { recentlyAttached } from '@/lib/shop/guest-orders';
import { formatPrice } from '@/lib/money';
import { withErrorPage } from '@/components/errors/page-boundary';
import { NoOrders } from '@/components/shop/no-orders';

const SHORTCUTS = [
  { href: '/dashboard/widgets', key: 'widgets' },
  { href: '/dashboard/tickets', key: 'tickets' },
  { href: '/dashboard/feedback', key: 'feedback' },
  { href: '/dashboard/profile', key: 'profile' },
] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'dashboard');
}

export default withErrorPage(async function DashboardPage({ params }: PageProps<'/[locale]/dashboard'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = await requireUser();
  const [t, { Auth }, overview, orders, status] = await Promise.all([
    getTranslations('Dashboard.overview'),
    loadMessages(locale),
    accountOverview(user.uid),
    ordersOf(user.uid, 10),
    getTranslations('Shop.success.status'),
  ]);
  // E-mail accounts confirm their address; Google has done that already.
  const unverified = !user.emailVerified && user.providerIds[0] === 'password';
  const attached = orders.filter((order) => recentlyAttached(order.attachedAt));
  const describe = (item: Activity) => {
    switch (item.kind) {
      case 'feedbackSent':
        return t('activityKinds.feedbackSent', { rating: item.rating });
      case 'orderPaid':
      case 'orderPlaced':
        return t(`activityKinds.${item.kind}`, {
          product: item.product[locale],
          reference: item.reference,
          status: status(item.status),
        });
      default:
        return t(`activityKinds.${item.kind}`, { subject: item.subject });
    }
  };
  // Where an item leads: its ticket, or its order's receipt; feedback nowhere.
  const target = (item: Activity) =>
    item.kind === 'feedbackSent'
      ? null
      : 'ticketId' in item
        ? `/dashboard/tickets/${item.ticketId}`
        : `/shop/success?order=${item.orderId}`;
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')}>
        <div className="flex items-center gap-3 pt-2">
          <Avatar user={user} size={48} />
          <p className="text-xl font-semibold text-slate-900">
            {t('greeting', { name: user.displayName || user.email || '' })}
          </p>
        </div>
      </PageHeader>
      {unverified && (
        <section
          aria-labelledby="unverified-title"
          className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-950"
        >
          <h2 id="unverified-title" className="font-semibold">
            {t('unverified.title')}
          </h2>
          <p className="mb-3 mt-1 text-sm">{t('unverified.text', { email: user.email ?? '' })}</p>
          <ResendVerification
            config={clientFirebaseConfig()}
            locale={locale}
            errors={Auth.errors}
            labels={Auth.verify}
          />
        </section>
      )}
      {attached.length > 0 && (
        <section
          aria-labelledby="attached-title"
          className="mb-6 rounded-lg border border-green-300 bg-green-50 p-5 text-green-950"
        >
          <h2 id="attached-title" className="font-semibold">
            {t('attached.title')}
          </h2>
          <p className="mt-1 text-sm">{t('attached.text', { email: user.email ?? '' })}</p>
          <ul className="mt-2 text-sm">
            {attached.map((order) => (
              <li key={order.id}>
                <Link
                  href={`/shop/success?order=${order.id}`}
                  className="font-mono font-semibold underline underline-offset-4"
                >
                  {order.reference}
                </Link>{' '}
                · {order.product.name[locale]}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="counts-title" className="mb-6">
        <h2 id="counts-title" className="sr-only">
          {t('counts.title')}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          {(
            [
              ['open-tickets', t('counts.openTickets'), overview.openTickets],
              ['orders', t('counts.orders'), overview.orders],
            ] as const
          ).map(([id, label, value]) => (
            <div key={id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="text-3xl font-bold text-slate-900" data-testid={id}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t('shortcuts')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {SHORTCUTS.map((item) => (
            <li key={item.key}>
              <Link
                href={item.href}
                className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <span className="block font-semibold text-slate-900">{t(`cards.${item.key}.title`)}</span>
                <span className="mt-1 block text-sm text-slate-700">{t(`cards.${item.key}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Card title={t('activity')} titleId="activity-title" className="mt-6">
        {overview.activity.length === 0 ? (
          <p className="text-slate-700">{t('noActivity')}</p>
        ) : (
          <ul className="space-y-2">
            {overview.activity.map((item, index) => (
              <li key={index} className="flex flex-wrap justify-between gap-2 text-slate-900">
                {target(item) === null ? (
                  <span>{describe(item)}</span>
                ) : (
                  <Link href={target(item)!} className="text-brand-700 underline underline-offset-4">
                    {describe(item)}
                  </Link>
                )}
                <span className="text-sm text-slate-700">
                  <RelativeTime date={item.at} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('ordersTitle')} titleId="orders-title" className="mt-6">
        {orders.length === 0 ? (
          <NoOrders />
        ) : (
          <ul className="divide-y divide-slate-200">
            {orders.map((order) => (
              <li
                key={order.id}
                data-order-id={order.id}
                className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-slate-900"
              >
                <span>
                  {/* The receipt: the order's success page. */}
                  <Link
                    href={`/shop/success?order=${order.id}`}
                    className="font-mono font-semibold text-brand-700 underline underline-offset-4"
                  >
                    {order.reference}
                  </Link>{' '}
                  · <span className="font-medium">{order.product.name[locale]}</span> × {order.quantity} ·{' '}
                  {formatPrice(order.amountCents, order.currency, locale)}
                </span>
                <span className="text-sm text-slate-700">
                  <span data-order-status={order.status}>{status(order.status)}</span> ·{' '}
                  <RelativeTime date={new Date(order.createdAt)} />
                </span>
              </li>
            ))}
          </ul>
        )}
        {orders.length > 0 && (
          <p className="mt-3">
            <Link href="/dashboard/orders" className="text-sm font-medium text-brand-700 underline underline-offset-4">
              {t('allOrders')}
            </Link>
          </p>
        )}
      </Card>
    </>
  );
});
