'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { toast } from '@/components/ui/toast';
import type { BillingDetailsInput } from '@/lib/billing/details-schema';
import { useJsonSubmit } from '@/lib/client/json-submit';
import type { Messages } from '@/lib/i18n/slices';

type Labels = Messages['Dashboard']['billing'];
export type BillingDetails = BillingDetailsInput;
export type CountryOption = { value: string; label: string };

const TEXT_FIELDS = [
  { name: 'name', autoComplete: 'billing organization', maxLength: 200 },
  { name: 'street', autoComplete: 'billing street-address', maxLength: 200 },
  { name: 'postalCode', autoComplete: 'billing postal-code', maxLength: 12 },
  { name: 'city', autoComplete: 'billing address-level2', maxLength: 100 },
] as const;

// The card form on the same page has a `name` field of its own.
const idOf = (field: string) => `billing-${field}`;

/**
 * Whom the workspace's invoices name (local mode): saved through PUT …/billing/details, each refused field with
 * the server's translated word on it. `needed` (a checkout waits for them) says so and moves the focus here.
 */
export function BillingDetailsForm({
  api,
  initial,
  countries,
  labels,
  needed,
  onSaved,
}: {
  api: string;
  initial: BillingDetails | null;
  countries: CountryOption[];
  labels: Labels;
  needed: boolean;
  onSaved: (details: BillingDetails) => void;
}) {
  const { submit, busy, error, fields } = useJsonSubmit(labels.error);
  const [business, setBusiness] = useState(initial?.business ?? false);
  const t = labels.details;

  useEffect(() => {
    if (!needed) return;
    const first = document.getElementById(idOf('name'));
    first?.scrollIntoView({ block: 'center' });
    first?.focus();
  }, [needed]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(idOf(name)) ?? '');
    const body = {
      ...Object.fromEntries(TEXT_FIELDS.map(({ name }) => [name, text(name)])),
      country: text('country'),
      business,
      vatId: business ? text('vatId') || null : null,
    };
    const answer = await submit<{ details: BillingDetails }>(`${api}/details`, 'PUT', body);
    if (!answer) return;
    void toast.success(t.saved);
    onSaved(answer.details);
  }

  return (
    <form
      onSubmit={(event) => void save(event)}
      className="space-y-4"
      aria-labelledby="billing-details-title"
      noValidate
    >
      <p className="text-sm text-slate-700">{t.lead}</p>
      {needed && (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t.needed}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {TEXT_FIELDS.map(({ name, autoComplete, maxLength }) => (
          <TextField
            key={name}
            id={idOf(name)}
            label={t[name]}
            defaultValue={initial?.[name] ?? ''}
            autoComplete={autoComplete}
            maxLength={maxLength}
            required
            error={fields[name]}
          />
        ))}
        <SelectField
          id={idOf('country')}
          label={t.country}
          options={countries}
          defaultValue={initial?.country ?? 'DE'}
          autoComplete="billing country"
          required
          error={fields.country}
        />
      </div>
      <CheckboxField
        id={idOf('business')}
        label={t.business}
        checked={business}
        onChange={(event) => setBusiness(event.target.checked)}
      />
      {business && (
        <TextField
          id={idOf('vatId')}
          label={t.vatId}
          hint={t.vatIdHint}
          defaultValue={initial?.vatId ?? ''}
          maxLength={20}
          error={fields.vatId}
        />
      )}
      <FormError message={Object.keys(fields).length > 0 ? null : error} />
      <Button type="submit" disabled={busy}>
        {needed ? t.saveAndContinue : t.save}
      </Button>
    </form>
  );
}
