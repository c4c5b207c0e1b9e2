'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { toast } from '@/lib/toast';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';

export type WidgetFormLabels = {
  name: string;
  origins: string;
  originsHint: string;
  /** With `{line}` and `{message}`. */
  originLine: string;
  accent: string;
  greeting: string;
  language: string;
  submit: string;
  saved: string;
  error: string;
  languages: Array<{ value: string; label: string }>;
};

export type WidgetFormValues = { id?: string; name: string; allowedOrigins: string[]; accentColor: string; greeting: string; locale: string };

/** The first error about the origins list, as a sentence naming the line it concerns. */
function originsError(fields: Record<string, string>, template: string): string | undefined {
  if (fields.allowedOrigins) return fields.allowedOrigins;
  const entry = Object.entries(fields).find(([key]) => key.startsWith('allowedOrigins.'));
  if (!entry) return undefined;
  const line = Number(entry[0].split('.')[1]) + 1;
  return template.replace('{line}', String(line)).replace('{message}', entry[1]);
}

/** Creates a widget (no `initial.id`) or edits one; then shows it in the list. */
export function WidgetForm({ labels, initial, path, titleId }: { labels: WidgetFormLabels; initial: WidgetFormValues; path: string; titleId: string }) {
  const router = useRouter();
  const { submit, busy, error, fields } = useJsonSubmit(labels.error);
  const [accent, setAccent] = useState(initial.accentColor);
  const prefix = initial.id ? 'edit-' : 'new-';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(`${prefix}${name}`) ?? '');
    const body = {
      name: value('name'),
      allowedOrigins: value('origins')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
      accentColor: accent,
      greeting: value('greeting'),
      locale: value('locale'),
    };
    const result = initial.id
      ? await submit<{ widget: { id: string } }>(`/api/widgets/${initial.id}`, 'PATCH', body)
      : await submit<{ widget: { id: string } }>('/api/widgets', 'POST', body);
    if (!result) return;
    void toast.success(labels.saved);
    router.push(`${path}?widget=${encodeURIComponent(result.widget.id)}`);
    router.refresh();
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-labelledby={titleId} aria-busy={busy} noValidate>
      <TextField id={`${prefix}name`} label={labels.name} defaultValue={initial.name} maxLength={60} required error={fields.name} />
      <TextAreaField
        id={`${prefix}origins`}
        label={labels.origins}
        hint={labels.originsHint}
        defaultValue={initial.allowedOrigins.join('\n')}
        rows={3}
        spellCheck={false}
        autoCapitalize="off"
        error={originsError(fields, labels.originLine)}
      />
      <div className="space-y-1">
        <label htmlFor={`${prefix}accent`} className="block text-sm font-medium text-slate-900">
          {labels.accent}
        </label>
        <div className="flex items-center gap-3">
          <input
            id={`${prefix}accent`}
            type="color"
            value={accent}
            onChange={(event) => setAccent(event.target.value)}
            aria-invalid={fields.accentColor ? true : undefined}
            aria-describedby={fields.accentColor ? `${prefix}accent-error` : undefined}
            className="h-10 w-16 cursor-pointer rounded-md border border-slate-400 bg-white p-1"
          />
          <code className="text-sm text-slate-800">{accent}</code>
        </div>
        {fields.accentColor && (
          <p id={`${prefix}accent-error`} className="text-sm text-red-700">
            {fields.accentColor}
          </p>
        )}
      </div>
      <TextField id={`${prefix}greeting`} label={labels.greeting} defaultValue={initial.greeting} maxLength={200} error={fields.greeting} />
      <SelectField id={`${prefix}locale`} label={labels.language} defaultValue={initial.locale} options={labels.languages} error={fields.locale} />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {labels.submit}
      </Button>
    </form>
  );
}
