'use client';

import type { FormEvent } from 'react';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import type { Messages } from '@/lib/i18n/slices';

type Texts = Messages['Dashboard']['tickets'];

/** Opens a ticket, then shows it. */
export function TicketForm({
  labels: { create: labels, categories: names, errors },
  categories,
  detailPath,
}: {
  labels: Pick<Texts, 'create' | 'categories' | 'errors'>;
  /** The categories in the order offered. */
  categories: ReadonlyArray<keyof Texts['categories']>;
  detailPath: string;
}) {
  const router = useRouter();
  const { submit, busy, error, fields } = useJsonSubmit(errors.general);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await submit<{ ticket: { id: string } }>('/api/tickets', 'POST', {
      subject: String(form.get('subject') ?? ''),
      category: String(form.get('category') ?? ''),
      message: String(form.get('message') ?? ''),
    });
    if (!result) return;
    void toast.success(labels.created);
    router.push(`${detailPath}/${result.ticket.id}`);
  }
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      aria-labelledby="ticket-create-title"
      aria-busy={busy}
      noValidate
    >
      <TextField id="subject" label={labels.subject} minLength={3} maxLength={120} required error={fields.subject} />
      <SelectField
        id="category"
        label={labels.category}
        options={categories.map((value) => ({ value, label: names[value] }))}
        error={fields.category}
      />
      <TextAreaField
        id="message"
        label={labels.message}
        minLength={10}
        maxLength={5000}
        rows={6}
        required
        error={fields.message}
      />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {labels.submit}
      </Button>
    </form>
  );
}
