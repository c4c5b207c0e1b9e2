'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PAID_PLAN_IDS, PLANS, TRIAL_DAYS, planRank, type BillingInterval, type PaidPlanId } from '@/lib/billing/plans';
import { fill, plural, type Messages } from '@/lib/i18n/slices';
import type { Locale } from '@/lib/i18n/routing';
import { formatPrice } from '@/lib/money';
import { planPrice } from '@/lib/storefront/plan-offers';
import { taxFor, type TaxBuyer } from '@/lib/billing/tax';
import { cn } from '@/lib/cn';
import { subscribed, type BillingState } from './billing-state';

type Labels = Messages['Dashboard']['billing'];

/** What choosing `plan` with `interval` does from the current subscription. */
export function changeKind(billing: BillingState, plan: PaidPlanId, interval: BillingInterval) {
  if (!subscribed(billing)) return 'subscribe' as const;
  if (billing.plan === plan && billing.interval === interval) return 'current' as const;
  const rank = planRank(plan) - planRank(billing.plan);
  // A larger plan, or the same one paid yearly instead of monthly, applies at once; anything else at the end.
  return rank > 0 || (rank === 0 && interval === 'year') ? ('upgrade' as const) : ('downgrade' as const);
}

/** What `buyer` pays per interval for a listed price, and the line saying which VAT that is (lib/billing/tax). */
function buyerPrice(buyer: TaxBuyer, listedCents: number, labels: Labels['plans'], country: string, locale: Locale) {
  const tax = taxFor(buyer, listedCents);
  if (tax.note === 'reverseCharge') return { cents: tax.grossCents, note: labels.priceReverseCharge };
  if (tax.note === 'outsideEu') return { cents: tax.grossCents, note: labels.priceOutsideEu };
  const rate = new Intl.NumberFormat(locale).format(tax.rateBasisPoints / 100);
  return { cents: tax.grossCents, note: fill(labels.priceTaxed, { rate, country }) };
}

/**
 * The plans to subscribe to or to change to, for the chosen billing period: what each costs and gives, and one
 * button saying what choosing it does. With the buyer's billing details, the price is what this buyer pays (the
 * card's charge and the invoice's total); without them, the listed price with German VAT and net.
 */
export function PlanChooser({
  billing,
  labels,
  plans,
  locale,
  initialInterval,
  highlighted,
  busy,
  buyer,
  onChoose,
}: {
  billing: BillingState;
  labels: Labels;
  plans: Messages['Plans'];
  locale: Locale;
  initialInterval: BillingInterval;
  highlighted: PaidPlanId | null;
  busy: boolean;
  /** The billing details' buyer and their country's name, once saved. */
  buyer: (TaxBuyer & { countryName: string }) | null;
  onChoose: (plan: PaidPlanId, interval: BillingInterval, trial: boolean) => void;
}) {
  const [interval, setInterval] = useState<BillingInterval>(initialInterval);
  const [trial, setTrial] = useState(true);
  const money = (cents: number) => formatPrice(cents, 'EUR', locale);
  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-medium text-slate-900">{plans.interval.legend}</legend>
        {(['month', 'year'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
            <input
              type="radio"
              name="billing-interval"
              value={value}
              checked={interval === value}
              onChange={() => setInterval(value)}
            />
            {plans.interval[value]}
          </label>
        ))}
      </fieldset>
      {!subscribed(billing) && (
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input type="checkbox" checked={trial} onChange={(event) => setTrial(event.target.checked)} />
          {fill(labels.plans.trial, { days: TRIAL_DAYS })}
        </label>
      )}
      {buyer && <p className="text-sm text-slate-700">{fill(labels.plans.priceFor, { country: buyer.countryName })}</p>}
      <ul className="grid gap-4 md:grid-cols-3">
        {PAID_PLAN_IDS.map((plan) => {
          const price = planPrice(plan, interval);
          const own = buyer && buyerPrice(buyer, price.grossCents, labels.plans, buyer.countryName, locale);
          const kind = changeKind(billing, plan, interval);
          const name = labels.planNames[plan];
          return (
            <li
              key={plan}
              data-plan={plan}
              className={cn(
                'flex flex-col gap-3 rounded-lg border p-4',
                highlighted === plan ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200',
              )}
            >
              <h3 className="text-base font-semibold text-slate-900">{name}</h3>
              <p className="text-slate-900" data-price-cents={own ? own.cents : price.grossCents}>
                <span className="text-xl font-bold">{money(own ? own.cents : price.grossCents)}</span>{' '}
                {interval === 'month' ? plans.perMonth : plans.perYear}
                <span className="block text-sm text-slate-700">
                  {own
                    ? own.note
                    : `${fill(plans.vatIncluded, { rate: price.vatPercent })} · ${fill(plans.net, { amount: money(price.netCents) })}`}
                </span>
              </p>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
                <li>{plural(plans.seats.name, PLANS[plan].seats, locale, { count: PLANS[plan].seats })}</li>
                <li>{plural(plans.widgets.name, PLANS[plan].widgets, locale, { count: PLANS[plan].widgets })}</li>
                {PLANS[plan].features.map((feature) => (
                  <li key={feature}>{plans.features[feature].name}</li>
                ))}
              </ul>
              <div className="mt-auto space-y-1">
                {kind === 'current' ? (
                  <p className="text-sm font-semibold text-slate-700">{labels.plans.current}</p>
                ) : (
                  <Button
                    type="button"
                    variant={kind === 'downgrade' ? 'secondary' : 'primary'}
                    disabled={busy}
                    aria-label={`${labels.plans[kind]}: ${name}`}
                    onClick={() => onChoose(plan, interval, trial)}
                  >
                    {labels.plans[kind]}
                  </Button>
                )}
                {kind === 'upgrade' && <p className="text-xs text-slate-700">{labels.plans.upgradeNote}</p>}
                {kind === 'downgrade' && <p className="text-xs text-slate-700">{labels.plans.downgradeNote}</p>}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
