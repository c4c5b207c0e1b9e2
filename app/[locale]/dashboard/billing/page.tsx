import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { loadMessages } from '@/lib/i18n/messages';
import { fill } from '@/lib/i18n/slices';
import { pageMetadata } from '@/lib/seo/metadata';
import { requireUser } from '@/lib/auth/require-user';
import { env } from '@/lib/env';
import { signedInUserOf } from '@/lib/session/server';
import { billingOf } from '@/lib/billing/overview';
import { countryOptions } from '@/lib/billing/countries';
import { billingDetailsOf } from '@/lib/billing/details';
import { PAID_PLAN_IDS, type PaidPlanId } from '@/lib/billing/plans';
import { currentWorkspace } from '@/lib/workspaces/service';
import { withErrorPage } from '@/components/errors/page-boundary';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { BillingPanel } from '@/components/billing/billing-panel';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/billing'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'billing');
}

/**
 * The current workspace's plan, payments and invoices, for its owner (others read who manages them). The
 * storefront's plan buttons lead here with `?plan=&interval=`, which the plans start from.
 */
export default withErrorPage(async function BillingPage({
  params,
  searchParams,
}: PageProps<'/[locale]/dashboard/billing'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = signedInUserOf(await requireUser());
  const workspace = await currentWorkspace(user);
  const { Dashboard, Plans } = await loadMessages(locale);
  const labels = Dashboard.billing;
  const name = workspace.personal ? Dashboard.workspaces.personal : workspace.name;
  if (workspace.role !== 'owner')
    return (
      <>
        <PageHeader title={labels.title} lead={fill(labels.lead, { workspace: name })} />
        <Card>
          <p className="text-slate-800">{fill(labels.ownerOnly, { workspace: name })}</p>
        </Card>
      </>
    );
  const query = await searchParams;
  const plan = PAID_PLAN_IDS.find((id) => id === query.plan) ?? null;
  const local = !env.stripe.secretKey;
  return (
    <>
      <PageHeader title={labels.title} lead={fill(labels.lead, { workspace: name })} />
      <BillingPanel
        api={`/api/workspaces/${workspace.id}/billing`}
        initial={await billingOf(user, workspace.id)}
        labels={labels}
        plans={Plans}
        locale={locale}
        provider={local ? 'local' : 'stripe'}
        details={local ? await billingDetailsOf(user, workspace.id) : null}
        countries={local ? countryOptions(locale) : []}
        preselect={{ plan: plan as PaidPlanId | null, interval: query.interval === 'year' ? 'year' : 'month' }}
      />
    </>
  );
});
