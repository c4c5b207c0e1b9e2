'use client';

import type { FormEvent } from 'react';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { CheckboxField, TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { fill, type Messages } from '@/lib/i18n/slices';

/** The card's fields, in the order of the form (the server names the invalid ones, all at once). */
export const CARD_FIELDS = ['card', 'expiry', 'cvc', 'name'] as const;

/**
 * The card form of the local test checkout: pays the session, then follows its success URL. Asks for
 * the e-mail address the receipt goes to when the order has none (a guest's), as Stripe Checkout does.
 * The server checks every field (this form sends them as typed) and answers each one's problem. A subscription's
 * checkout posts to its own `action` with its own button (`submitLabel`), and asks a consumer charged at once
 * for the express request to start before the withdrawal period ends (`consent`: its label; never pre-ticked).
 */
export function LocalCheckoutForm({
  sessionId,
  askEmail,
  total,
  labels,
  action = `/api/checkout/local/${encodeURIComponent(sessionId)}`,
  submitLabel = fill(labels.pay, { amount: total }),
  consent,
}: {
  sessionId: string;
  askEmail: boolean;
  total: string;
  labels: Messages['Shop']['checkout'];
  action?: string;
  submitLabel?: string;
  consent?: string;
}) {
  const { submit, busy, error, fields } = useJsonSubmit(labels.error);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    const body: Record<string, unknown> = Object.fromEntries(
      [...CARD_FIELDS, ...(askEmail ? ['email'] : [])].map((name) => [name, value(name)]),
    );
    if (consent) body.immediateStart = form.get('immediateStart') === 'on';
    const result = await submit<{ url: string }>(action, 'POST', body);
    if (result) window.location.assign(result.url);
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-labelledby="payment-title" noValidate>
      <p className="text-sm text-slate-700">{labels.allRequired}</p>
      {askEmail && (
        <TextField
          id="email"
          type="email"
          label={labels.email}
          hint={labels.emailHint}
          autoComplete="email"
          maxLength={254}
          required
          error={fields.email}
        />
      )}
      <CardFields labels={labels} fields={fields} />
      {consent && <CheckboxField id="immediateStart" label={consent} />}
      <FormError message={Object.keys(fields).length > 0 ? null : error} />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? labels.paying : submitLabel}
      </Button>
    </form>
  );
}

/** A test card's fields (number, expiry, security code, name), each with the server's word on it. */
export function CardFields({
  labels,
  fields,
}: {
  labels: Pick<Messages['Shop']['checkout'], 'card' | 'expiry' | 'expiryPlaceholder' | 'cvc' | 'name'>;
  fields: Record<string, string>;
}) {
  return (
    <>
      <TextField
        id="card"
        label={labels.card}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        required
        error={fields.card}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          id="expiry"
          label={labels.expiry}
          autoComplete="cc-exp"
          placeholder={labels.expiryPlaceholder}
          maxLength={7}
          required
          error={fields.expiry}
        />
        <TextField
          id="cvc"
          label={labels.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          required
          error={fields.cvc}
        />
      </div>
      <TextField id="name" label={labels.name} autoComplete="cc-name" maxLength={80} required error={fields.name} />
    </>
  );
}
