'use client';

import type { FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { toast } from '@/components/ui/toast';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import type { Messages } from '@/lib/i18n/slices';

type Texts = Messages['Dashboard']['feedback'];

type Props = {
  labels: Pick<Texts, 'form' | 'categories'>;
  /** The topics in the order offered. */
  categories: ReadonlyArray<keyof Texts['categories']>;
  /** "1 star" … "5 stars" (an ICU plural, formatted on the server). */
  stars: string[];
};

/** Rating, topic, message and the page it concerns; thanks with a toast, the list below refreshes. */
export function FeedbackForm({ labels: { form: labels, categories: topics }, categories, stars }: Props) {
  const router = useRouter();
  const { submit, busy, error, fields } = useJsonSubmit(labels.error);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const rating = form.get('rating');
    const result = await submit('/api/feedback', 'POST', {
      // A missing rating goes to the server as such, which names the field.
      rating: rating === null ? undefined : Number(rating),
      category: String(form.get('category') ?? ''),
      message: String(form.get('message') ?? ''),
      page: String(form.get('page') ?? ''),
    });
    if (!result) return;
    element.reset();
    void toast.success(labels.thanks);
    router.refresh();
  }
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      aria-labelledby="feedback-form-title"
      aria-busy={busy}
      noValidate
    >
      <fieldset aria-describedby={fields.rating ? 'rating-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-900">{labels.rating}</legend>
        <div className="flex flex-wrap gap-3">
          {stars.map((label, index) => (
            <label key={label} className="flex items-center gap-1 text-sm text-slate-900">
              <input type="radio" name="rating" value={index + 1} required className="accent-brand-700" />
              <span>{label}</span>
            </label>
          ))}
        </div>
        {fields.rating && (
          <p id="rating-error" className="mt-1 text-sm text-red-700">
            {fields.rating}
          </p>
        )}
      </fieldset>
      <SelectField
        id="category"
        label={labels.category}
        options={categories.map((value) => ({ value, label: topics[value] }))}
        error={fields.category}
      />
      <TextAreaField id="message" label={labels.message} maxLength={2000} rows={5} error={fields.message} />
      <TextField id="page" label={labels.page} hint={labels.pageHint} maxLength={200} error={fields.page} />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {labels.submit}
      </Button>
    </form>
  );
}
