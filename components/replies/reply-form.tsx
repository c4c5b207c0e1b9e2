'use client';

import { useState, type FormEvent } from 'react';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { PLACEHOLDERS, REPLY_TEXT_MAX, REPLY_TITLE_MAX, type ReplyView } from '@/lib/replies/placeholders';
import type { Messages } from '@/lib/i18n/slices';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';

export type RepliesLabels = Messages['Dashboard']['replies'];

/** The placeholders' words in the catalogue (`visitor.name` → `visitorName`). */
const placeholderKey = (name: (typeof PLACEHOLDERS)[number]) =>
  name.replace(/\.(\w)/, (_, letter: string) => letter.toUpperCase()) as keyof RepliesLabels['placeholders'];

/** The placeholders a text may hold, with what each becomes. */
export function PlaceholderList({ labels, id }: { labels: RepliesLabels['placeholders']; id: string }) {
  return (
    <div id={id} className="rounded-md bg-slate-50 p-3 text-sm text-slate-800">
      <p className="font-semibold text-slate-900">{labels.title}</p>
      <p className="mt-1">{labels.intro}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {PLACEHOLDERS.map((name) => (
          <div key={name} className="contents">
            <dt>
              <code className="rounded bg-white px-1 font-mono text-slate-900">{`{{${name}}}`}</code>
            </dt>
            <dd>{labels[placeholderKey(name)]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * A saved reply's title and its English and German texts: a new one (POST, with the form's request key) or
 * changes to `reply` (PATCH, an emptied text removes that language). The server's sentences show per field.
 */
export function ReplyForm({
  api,
  reply,
  labels,
  onDone,
  onCancel,
}: {
  /** …/replies of the workspace. */
  api: string;
  reply?: ReplyView;
  labels: RepliesLabels;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const saving = useJsonSubmit(labels.error);
  const prefix = reply ? `reply-${reply.id}` : 'new-reply';
  const [values, setValues] = useState({
    title: reply?.title ?? '',
    textEn: reply?.textEn ?? '',
    textDe: reply?.textDe ?? '',
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const saved = reply
      ? await saving.submit(`${api}/${reply.id}`, 'PATCH', values)
      : await saving.submit(api, 'POST', values);
    if (saved === null) return;
    if (!reply) setValues({ title: '', textEn: '', textDe: '' });
    onDone();
  }

  const field = (name: keyof typeof values) => ({
    id: `${prefix}-${name}`,
    value: values[name],
    error: saving.fields[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const titleId = `${prefix}-heading`;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {reply ? labels.editing : labels.new}
      </h2>
      <TextField
        {...field('title')}
        label={labels.fields.title}
        maxLength={REPLY_TITLE_MAX}
        required
        autoComplete="off"
      />
      <TextAreaField
        {...field('textEn')}
        label={labels.fields.textEn}
        maxLength={REPLY_TEXT_MAX}
        hint={labels.textHint}
        lang="en"
      />
      <TextAreaField {...field('textDe')} label={labels.fields.textDe} maxLength={REPLY_TEXT_MAX} lang="de" />
      <PlaceholderList labels={labels.placeholders} id={`${prefix}-placeholders`} />
      <FormError message={Object.keys(saving.fields).length ? null : saving.error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={saving.busy}>
          {saving.busy ? labels.saving : reply ? labels.save : labels.create}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {labels.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
