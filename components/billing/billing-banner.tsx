import Link from 'next/link';
import { fill, type Messages } from '@/lib/i18n/slices';
import type { Locale } from '@/lib/i18n/routing';
import type { BillingNotice } from '@/lib/billing/notice';

/**
 * Above every dashboard page while the workspace's payment is overdue or it is read-only: what that means and
 * when, with the way to the billing page (its owner pays there).
 */
export function BillingBanner({
  notice,
  workspace,
  billingPath,
  locale,
  labels,
}: {
  notice: NonNullable<BillingNotice>;
  workspace: string;
  billingPath: string;
  locale: Locale;
  labels: Messages['Dashboard']['billing']['banner'];
}) {
  const text =
    notice.kind === 'readOnly'
      ? fill(labels.readOnly, { workspace })
      : fill(labels.pastDue, {
          workspace,
          date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(notice.readOnlyFrom)),
        });
  return (
    <div
      role="status"
      data-billing-banner={notice.kind}
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p>
        {text}{' '}
        <Link href={billingPath} className="font-semibold underline">
          {labels.link}
        </Link>
      </p>
    </div>
  );
}
