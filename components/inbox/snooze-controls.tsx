'use client';

import { useId, useMemo, useState } from 'react';
import { $fetch } from 'ofetch';
import { isSnoozed, type InboxConversationView } from '@/lib/conversations/constants';
import { localInputValue, SNOOZE_PRESETS, snoozePresetTime } from '@/lib/conversations/snooze-times';
import { fill, type Messages } from '@/lib/i18n/slices';
import { useConversationAction } from './conversation-action';

const BUTTON =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60';

/**
 * Snooze an open conversation: presets computed in the operator's own time zone (the browser's), or a date
 * and time of their choosing; a snoozed one says until when, and "Unsnooze" opens it again.
 */
export function SnoozeControls({
  base,
  conversation,
  now,
  labels,
  locale,
  onChanged,
}: {
  /** The conversation's API address. */
  base: string;
  conversation: InboxConversationView;
  /** The time snooze ends are compared with. */
  now: number;
  labels: Messages['Dashboard']['inbox']['snooze'];
  locale: string;
  onChanged: (conversation: InboxConversationView) => void;
}) {
  const [open, setOpen] = useState(false);
  const { busy, act, alert } = useConversationAction(onChanged, labels.failed);
  const [custom, setCustom] = useState('');
  const panel = useId();
  const date = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
      }),
    [locale],
  );

  async function snooze(until: Date | null) {
    const body = { snoozedUntil: until && until.toISOString() };
    if (await act(() => $fetch(base, { method: 'PATCH', body }))) setOpen(false);
  }

  if (conversation.status !== 'open') return null;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const snoozed = isSnoozed(conversation, now);
  return (
    <div className="text-sm">
      {snoozed ? (
        <p className="flex flex-wrap items-center gap-2">
          <span data-testid="snoozed-until" className="rounded bg-amber-100 px-1.5 text-amber-900">
            {fill(labels.until, { time: date.format(new Date(conversation.snoozedUntil!)) })}
          </span>
          <button type="button" disabled={busy} onClick={() => void snooze(null)} className={BUTTON}>
            {labels.unsnooze}
          </button>
        </p>
      ) : (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen(!open)}
          className={BUTTON}
        >
          {labels.button}
        </button>
      )}
      <fieldset id={panel} hidden={!open || snoozed} className="mt-2 rounded-md border border-slate-300 bg-white p-2">
        <legend className="px-1 font-semibold text-slate-900">{labels.menu}</legend>
        <div className="flex flex-wrap gap-2">
          {SNOOZE_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              disabled={busy}
              onClick={() => void snooze(snoozePresetTime(preset, new Date(), zone))}
              className={BUTTON}
            >
              {labels[preset]}
            </button>
          ))}
        </div>
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            // A datetime-local value is a time on the browser's clock: Date reads it so.
            void snooze(new Date(custom));
          }}
        >
          <label className="flex flex-col font-semibold text-slate-900">
            {labels.custom}
            <input
              type="datetime-local"
              required
              value={custom}
              min={localInputValue(new Date())}
              onChange={(event) => setCustom(event.target.value)}
              className="mt-1 rounded-md border border-slate-400 bg-white px-2 py-1 font-normal"
            />
          </label>
          <button type="submit" disabled={busy} className={BUTTON}>
            {labels.submit}
          </button>
        </form>
      </fieldset>
      {alert}
    </div>
  );
}
