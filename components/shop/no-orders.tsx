import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';

/** What an order list says before the first order: nothing yet, and where the plans are. */
export async function NoOrders() {
  const t = await getTranslations('Dashboard.overview');
  return (
    <p className="text-slate-700">
      {t('noOrders')}{' '}
      <Link href="/#plans" className="text-brand-700 underline underline-offset-4">
        {t('toShop')}
      </Link>
    </p>
  );
}
