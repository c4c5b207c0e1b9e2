import type { ReactNode } from 'react';
import { BILLING_INTERVALS, PLAN_CURRENCY, PLANS, TRIAL_DAYS, type PlanId } from '@/lib/billing/plans';
import { fill, plural, type Messages } from '@/lib/i18n/slices';
import type { Locale } from '@/lib/i18n/routing';
import { formatPrice } from '@/lib/money';
import { localizedPath } from '@/lib/i18n/paths';
import {
  billingPagePath,
  freeSignupHref,
  planPrice,
  planSignupHref,
  yearlySavingPercent,
} from '@/lib/storefront/plan-offers';
import { buttonClasses } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/check-icon';
import { cn } from '@/lib/cn';

// A plan as the storefront shows it, from the table of plans alone. Both billing periods are in the HTML;
// the switch is a pair of radios and CSS shows the chosen period's parts (`[data-interval]`, app/globals.css),
// so the prices work before hydration and without JavaScript, and the pages ship no script for them.

type Labels = Messages['Plans'];

/** The monthly/yearly radio group; monthly is chosen at first. It switches the `[data-interval-scope]` it is in. */
export function IntervalSwitch({ labels }: { labels: Labels }) {
  return (
    <fieldset className="mx-auto w-fit text-center">
      <legend className="mx-auto mb-2 text-sm font-medium text-slate-800">{labels.interval.legend}</legend>
      <div className="inline-flex rounded-full border border-slate-300 bg-white p-1">
        {BILLING_INTERVALS.map((interval) => (
          <label
            key={interval}
            className="cursor-pointer rounded-full px-4 py-2 text-sm font-semibold text-slate-900 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
          >
            <input
              type="radio"
              name="interval"
              value={interval}
              defaultChecked={interval === 'month'}
              className="sr-only"
            />
            {labels.interval[interval]}
            {interval === 'year' && ` (${fill(labels.interval.saving, { percent: yearlySavingPercent() })})`}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The plan's price in each period: gross with its VAT, the net price for businesses, the yearly saving. */
export function PlanPrices({
  plan,
  labels,
  locale,
  large,
}: {
  plan: PlanId;
  labels: Labels;
  locale: Locale;
  large?: boolean;
}) {
  const amount = (cents: number) => formatPrice(cents, PLAN_CURRENCY, locale);
  const size = large ? 'text-4xl' : 'text-3xl';
  if (plan === 'free')
    return (
      <p className="mt-4">
        <span className={cn('font-bold text-slate-900', size)} data-price-cents={0}>
          {amount(0)}
        </span>{' '}
        <span className="text-sm text-slate-700">{labels.free.price}</span>
      </p>
    );
  return BILLING_INTERVALS.map((interval) => {
    const price = planPrice(plan, interval);
    return (
      <div key={interval} data-interval={interval} className="mt-4 space-y-1 text-sm text-slate-700">
        <p>
          <span className={cn('font-bold text-slate-900', size)} data-price-cents={price.grossCents}>
            {amount(price.grossCents)}
          </span>{' '}
          {interval === 'month' ? labels.perMonth : labels.perYear}
        </p>
        <p>{fill(labels.vatIncluded, { rate: price.vatPercent })}</p>
        <p data-net-cents={price.netCents}>{fill(labels.net, { amount: amount(price.netCents) })}</p>
        {interval === 'year' && (
          <p className="font-medium text-green-800">
            {fill(labels.yearly, { perMonth: amount(price.perMonthCents), saving: amount(price.savingCents) })}
          </p>
        )}
        <p>{fill(labels.trial[interval], { days: TRIAL_DAYS })}</p>
      </div>
    );
  });
}

/** What the plan includes, each line from the table of plans: seats, widgets, then its features. */
export function PlanFeatures({
  plan,
  labels,
  locale,
  className,
}: {
  plan: PlanId;
  labels: Labels;
  locale: Locale;
  className?: string;
}) {
  const { seats, widgets, features } = PLANS[plan];
  const items = [
    { key: 'seats', name: plural(labels.seats.name, seats, locale), description: labels.seats.description },
    { key: 'widgets', name: plural(labels.widgets.name, widgets, locale), description: labels.widgets.description },
    ...features.map((feature) => ({ key: feature, ...labels.features[feature] })),
  ];
  return (
    <ul className={cn('space-y-3 text-sm text-slate-800', className)}>
      {items.map((item) => (
        <li key={item.key} data-feature={item.key} className="flex gap-2">
          <CheckIcon />
          <span>
            <span className="font-semibold text-slate-900">{item.name}</span>
            <span className="block text-slate-700">{item.description}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The plan's button. Signed out: a new account (or the login it links), then the billing page for the chosen
 * period; signed in, the billing page at once. Both are in the prerendered HTML, the head script's session
 * hint shows one (`.when-signed-in`, app/globals.css).
 */
export function PlanChoose({
  plan,
  name,
  labels,
  locale,
  primary,
}: {
  plan: PlanId;
  name: string;
  labels: Labels;
  locale: Locale;
  primary: boolean;
}) {
  const classes = (session: string) => buttonClasses(primary ? 'primary' : 'secondary', 'md', `mt-6 w-full ${session}`);
  if (plan === 'free')
    return (
      <>
        <a href={freeSignupHref(locale)} className={classes('when-signed-out')}>
          {labels.free.start}
        </a>
        <a href={localizedPath('/dashboard', locale)} className={classes('when-signed-in')}>
          {labels.free.start}
        </a>
      </>
    );
  const text = fill(labels.choose, { name });
  return BILLING_INTERVALS.map((interval) => (
    <div key={interval} data-interval={interval}>
      <a href={planSignupHref(plan, interval, locale)} className={classes('when-signed-out')}>
        {text}
      </a>
      <a href={billingPagePath(plan, interval, locale)} className={classes('when-signed-in')}>
        {text}
      </a>
    </div>
  ));
}

/** A plan's card on the landing page; `title` is its name (a link to the plan's page where it has one). */
export function PlanCard({
  plan,
  name,
  title,
  description,
  highlighted,
  labels,
  popular,
  locale,
}: {
  plan: PlanId;
  name: string;
  title: ReactNode;
  description: string;
  highlighted: boolean;
  labels: Labels;
  popular: string;
  locale: Locale;
}) {
  const headingId = `plan-${plan}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col rounded-xl border bg-white p-6 shadow-sm',
        highlighted ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200',
      )}
    >
      {highlighted && (
        <p className="mb-2 self-start rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-900">
          {popular}
        </p>
      )}
      <h3 id={headingId} className="text-xl font-bold text-slate-900">
        {title}
      </h3>
      <p className="mt-2 text-slate-700">{description}</p>
      <PlanPrices plan={plan} labels={labels} locale={locale} />
      <PlanFeatures plan={plan} labels={labels} locale={locale} className="mt-4 flex-1" />
      <PlanChoose plan={plan} name={name} labels={labels} locale={locale} primary={highlighted} />
    </article>
  );
}
