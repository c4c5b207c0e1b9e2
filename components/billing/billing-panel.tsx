'use client';

import { useState, type FormEvent } from 'react';
import { $fetch } from 'ofetch';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { toast } from '@/components/ui/toast';
import { ConfirmAction } from '@/components/widgets/widget-actions';
import { CARD_FIELDS, CardFields } from '@/components/shop/local-checkout-form';
import { useJsonSubmit } from '@/lib/client/json-submit';
import type { BillingInterval, PaidPlanId } from '@/lib/billing/plans';
import { fill, type Messages } from '@/lib/i18n/slices';
import type { Locale } from '@/lib/i18n/routing';
import { formatPrice } from '@/lib/money';
import type { BillingState } from './billing-state';
import { BillingSummary } from './billing-summary';
import { BillingDetailsForm, type BillingDetails, type CountryOption } from './billing-details-form';
import { PlanChooser, changeKind } from './plan-chooser';

type Labels = Messages['Dashboard']['billing'];

type Choice = { plan: PaidPlanId; interval: BillingInterval; trial: boolean };

/**
 * The billing page's working part (the owner's): the summary with its actions, the billing details, the plans,
 * the invoices. Every action answers the billing as it is afterwards, which replaces what the page shows. In
 * local mode a subscription waits for the billing details (the invoices name them, the price depends on them);
 * Stripe Checkout asks for them itself, and Stripe's portal changes them.
 */
export function BillingPanel({
  api,
  initial,
  labels,
  plans,
  locale,
  provider,
  preselect,
  details: initialDetails,
  countries,
}: {
  api: string;
  initial: BillingState;
  labels: Labels;
  plans: Messages['Plans'];
  locale: Locale;
  provider: 'stripe' | 'local';
  preselect: { plan: PaidPlanId | null; interval: BillingInterval };
  details: BillingDetails | null;
  countries: CountryOption[];
}) {
  const [billing, setBilling] = useState(initial);
  const [confirming, setConfirming] = useState<'cancel' | 'withdraw' | null>(null);
  const [cardForm, setCardForm] = useState(false);
  const [details, setDetails] = useState(initialDetails);
  const [waiting, setWaiting] = useState<Choice | null>(null);
  const { submit, busy, error, fields } = useJsonSubmit(labels.error);
  const planName = (plan: string) => labels.planNames[plan as keyof Labels['planNames']];

  async function act(path: string, method: 'POST' | 'PUT', done: string, body?: Record<string, unknown>) {
    const next = await submit<BillingState>(`${api}/${path}`, method, body);
    if (!next) return false;
    setBilling(next);
    void toast.success(done);
    return true;
  }
  async function follow(path: string, body?: Record<string, unknown>) {
    const answer = await submit<{ url: string }>(`${api}/${path}`, 'POST', body);
    if (answer) window.location.assign(answer.url);
  }
  function choose(plan: PaidPlanId, interval: BillingInterval, trial: boolean) {
    const kind = changeKind(billing, plan, interval);
    if (kind === 'subscribe' && provider === 'local' && !details) return setWaiting({ plan, interval, trial });
    if (kind === 'subscribe') return void follow('checkout', { plan, interval, trial });
    if (provider === 'stripe') return void follow('portal');
    const done = kind === 'upgrade' ? labels.done.upgraded : labels.done.downgraded;
    void act('change', 'POST', fill(done, { plan: planName(plan) }), { plan, interval });
  }
  async function detailsSaved(saved: BillingDetails) {
    setDetails(saved);
    if (waiting) return void follow('checkout', waiting);
    // The next charge is this buyer's price now.
    setBilling(await $fetch<BillingState>(api).catch(() => billing));
  }
  async function saveCard(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries(CARD_FIELDS.map((name) => [name, String(form.get(name) ?? '')]));
    if (await act('payment-method', 'PUT', labels.done.card, body)) setCardForm(false);
  }

  return (
    <div className="space-y-6">
      <Card title={labels.summary.title} titleId="billing-summary-title">
        <BillingSummary
          billing={billing}
          labels={labels}
          planName={planName}
          locale={locale}
          actions={{
            busy,
            cancel: () => setConfirming('cancel'),
            withdraw: () => setConfirming('withdraw'),
            resume: () => void act('resume', 'POST', labels.done.resumed),
            pay: () => void act('pay', 'POST', labels.done.paid),
            paymentMethod: () => (provider === 'stripe' ? void follow('portal') : setCardForm(true)),
          }}
        />
        {confirming === 'cancel' && billing.currentPeriodEnd && (
          <div className="mt-4">
            <ConfirmAction
              name={labels.actions.cancel}
              question={fill(labels.cancelQuestion, {
                date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(billing.currentPeriodEnd)),
              })}
              action={labels.actions.confirmCancel}
              cancel={labels.actions.keep}
              busy={busy}
              onConfirm={() => void act('cancel', 'POST', labels.done.canceled).then(() => setConfirming(null))}
              onCancel={() => setConfirming(null)}
            />
          </div>
        )}
        {confirming === 'withdraw' && billing.withdrawableUntil && (
          <div className="mt-4">
            <ConfirmAction
              name={labels.actions.withdraw}
              question={labels.withdrawQuestion}
              action={labels.actions.confirmWithdraw}
              cancel={labels.actions.keep}
              busy={busy}
              onConfirm={() => void act('withdraw', 'POST', labels.done.withdrawn).then(() => setConfirming(null))}
              onCancel={() => setConfirming(null)}
            />
          </div>
        )}
        {cardForm && (
          <form
            onSubmit={(event) => void saveCard(event)}
            className="mt-4 space-y-4"
            aria-label={labels.card.title}
            noValidate
          >
            <CardFields
              labels={{
                card: labels.card.number,
                expiry: labels.card.expiry,
                expiryPlaceholder: labels.card.expiryPlaceholder,
                cvc: labels.card.cvc,
                name: labels.card.name,
              }}
              fields={fields}
            />
            <div className="flex gap-3">
              <Button type="submit" disabled={busy}>
                {labels.card.save}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setCardForm(false)}>
                {labels.actions.keep}
              </Button>
            </div>
          </form>
        )}
        <FormError message={error} />
      </Card>
      <Card title={labels.details.title} titleId="billing-details-title">
        {provider === 'local' ? (
          <BillingDetailsForm
            api={api}
            initial={details}
            countries={countries}
            labels={labels}
            needed={waiting !== null}
            onSaved={(saved) => void detailsSaved(saved)}
          />
        ) : (
          <p className="text-slate-700">{labels.details.stripe}</p>
        )}
      </Card>
      <Card title={labels.plans.title} titleId="billing-plans-title">
        <PlanChooser
          billing={billing}
          labels={labels}
          plans={plans}
          locale={locale}
          initialInterval={preselect.interval}
          highlighted={preselect.plan}
          busy={busy}
          buyer={
            provider === 'local' && details
              ? { ...details, countryName: countries.find(({ value }) => value === details.country)?.label ?? '' }
              : null
          }
          onChoose={choose}
        />
      </Card>
      <Card title={labels.invoices.title} titleId="billing-invoices-title">
        {billing.invoices.length === 0 ? (
          <p className="text-slate-700">{labels.invoices.none}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{labels.invoices.title}</caption>
            <thead>
              <tr className="text-slate-700">
                <th scope="col" className="py-2 pr-3">
                  {labels.invoices.number}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {labels.invoices.total}
                </th>
                <th scope="col" className="py-2">
                  {labels.invoices.pdf}
                </th>
              </tr>
            </thead>
            <tbody>
              {billing.invoices.map((invoice) => (
                <tr key={invoice.number} className="border-t border-slate-200">
                  <td className="py-2 pr-3 font-medium text-slate-900">{invoice.number}</td>
                  <td className="py-2 pr-3">{formatPrice(invoice.total, invoice.currency.toUpperCase(), locale)}</td>
                  <td className="py-2">
                    <a href={invoice.pdfUrl} className="font-semibold text-brand-700 underline">
                      {labels.invoices.download}
                      <span className="sr-only"> {invoice.number}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
