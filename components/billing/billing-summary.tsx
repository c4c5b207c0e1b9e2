'use client';

import { Button } from '@/components/ui/button';
import { fill, type Messages } from '@/lib/i18n/slices';
import type { Locale } from '@/lib/i18n/routing';
import { formatPrice } from '@/lib/money';
import { subscribed, type BillingState } from './billing-state';

type Labels = Messages['Dashboard']['billing'];

export type SummaryActions = {
  busy: boolean;
  cancel: () => void;
  resume: () => void;
  pay: () => void;
  /** Stripe's Customer Portal, or (local) the card form. */
  paymentMethod: () => void;
  /** Asks to confirm a consumer's withdrawal (shown only while the withdrawal period runs). */
  withdraw: () => void;
};

/** The plan in force, its state and next charge, what it gives (seats and widgets used), and its actions. */
export function BillingSummary({
  billing,
  labels,
  planName,
  locale,
  actions,
}: {
  billing: BillingState;
  labels: Labels;
  planName: (plan: string) => string;
  locale: Locale;
  actions: SummaryActions;
}) {
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
  const active = subscribed(billing);
  const rows: Array<[string, string]> = [
    [
      labels.summary.plan,
      billing.interval && active
        ? fill(labels.summary.planWithInterval, {
            plan: planName(billing.plan),
            interval: labels.intervals[billing.interval],
          })
        : planName(billing.plan),
    ],
    [labels.summary.status, labels.statuses[active ? billing.status! : billing.lifetime ? 'lifetime' : 'free']],
    [labels.summary.seats, fill(labels.summary.used, { used: billing.seats.used, paid: billing.seats.paid })],
    [labels.summary.widgets, fill(labels.summary.used, { used: billing.widgets.used, paid: billing.widgets.allowed })],
  ];
  const end = billing.currentPeriodEnd;
  if (active && end) {
    if (billing.cancelAtPeriodEnd) rows.push([labels.summary.ends, date(end)]);
    else if (billing.status === 'trialing' && billing.trialEnd)
      rows.push([labels.summary.trialEnds, date(billing.trialEnd)]);
    if (!billing.cancelAtPeriodEnd && billing.nextChargeCents != null)
      rows.push([
        labels.summary.nextCharge,
        fill(labels.summary.chargeOn, { amount: formatPrice(billing.nextChargeCents, 'EUR', locale), date: date(end) }),
      ]);
    if (billing.pendingPlan)
      rows.push([
        labels.summary.pending,
        fill(labels.summary.pendingValue, {
          plan: planName(billing.pendingPlan),
          interval: labels.intervals[billing.pendingInterval ?? billing.interval ?? 'month'],
          date: date(end),
        }),
      ]);
  }
  if (billing.paymentMethod)
    rows.push([labels.summary.paymentMethod, fill(labels.summary.card, billing.paymentMethod)]);
  if (active && billing.withdrawableUntil) rows.push([labels.summary.withdrawUntil, date(billing.withdrawableUntil)]);
  const overdue = billing.status === 'past_due' || billing.status === 'read_only';
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-700">{term}</dt>
            <dd className="text-slate-900" data-billing-row={term}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {active && (
        <div className="flex flex-wrap gap-3">
          {overdue && (
            <Button type="button" disabled={actions.busy} onClick={actions.pay}>
              {labels.actions.pay}
            </Button>
          )}
          <Button type="button" variant="secondary" disabled={actions.busy} onClick={actions.paymentMethod}>
            {labels.actions.paymentMethod}
          </Button>
          {billing.cancelAtPeriodEnd ? (
            <Button type="button" variant="secondary" disabled={actions.busy} onClick={actions.resume}>
              {labels.actions.resume}
            </Button>
          ) : (
            <Button type="button" variant="secondary" disabled={actions.busy} onClick={actions.cancel}>
              {labels.actions.cancel}
            </Button>
          )}
          {billing.withdrawableUntil && (
            <Button type="button" variant="secondary" disabled={actions.busy} onClick={actions.withdraw}>
              {labels.actions.withdraw}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
