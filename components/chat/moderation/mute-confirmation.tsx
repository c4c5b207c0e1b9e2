'use client';

import { useEffect, useId, useRef, type FormEvent } from 'react';
import { MUTE_DURATIONS } from '@/lib/chat/constants';
import type { ModerationLabels } from '@/lib/chat/labels';
import { fill } from '@/lib/i18n/slices';
import { Button } from '@/components/ui/button';

const CHOICES = [
  ['hour', MUTE_DURATIONS[0]],
  ['day', MUTE_DURATIONS[1]],
  ['week', MUTE_DURATIONS[2]],
  ['forever', undefined],
] as const;

/** Asks for how long to mute a message's author before doing it; the first choice takes the focus. */
export function MuteConfirmation({
  name,
  labels,
  busy,
  onConfirm,
  onCancel,
}: {
  name: string;
  labels: ModerationLabels;
  busy: boolean;
  onConfirm: (minutes: number | undefined) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const choice = new FormData(event.currentTarget).get('duration');
    onConfirm(CHOICES.find(([key]) => key === choice)?.[1]);
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="max-w-md space-y-2 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm"
    >
      <p id={`${id}-title`} className="font-semibold text-slate-900">
        {fill(labels.confirmTitle, { name })}
      </p>
      <p className="text-slate-700">{fill(labels.confirmLead, { name })}</p>
      <fieldset>
        <legend className="font-medium text-slate-900">{labels.duration}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {CHOICES.map(([key], index) => (
            <label key={key} className="flex items-center gap-1.5 text-slate-900">
              <input
                ref={index === 0 ? first : undefined}
                type="radio"
                name="duration"
                value={key}
                defaultChecked={key === 'day'}
              />
              {labels.durations[key]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={busy}>
          {labels.confirm}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {labels.cancel}
        </Button>
      </div>
    </form>
  );
}
