import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { buttonClasses } from '@/components/ui/button';
import { CancelCheckout } from '@/components/shop/cancel-checkout';
import { localizedPath } from '@/lib/i18n/paths';

// Prerendered for en and de only; any other locale is a 404 (see the landing page).
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<'/[locale]/shop/cancel'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'shopCancel');
}

export default async function ShopCancelPage({ params }: PageProps<'/[locale]/shop/cancel'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Shop.cancel');
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <CancelCheckout successPath={localizedPath('/shop/success', locale)} />
      <PageHeader title={t('title')} lead={t('lead')} />
      <p className="text-slate-800">{t('help')}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/#plans" className={buttonClasses('primary')}>
          {t('tryAgain')}
        </Link>
        <Link href="/chat" className={buttonClasses('secondary')}>
          {t('askUs')}
        </Link>
      </div>
    </div>
  );
}
