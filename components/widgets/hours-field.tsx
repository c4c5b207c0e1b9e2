'use client';

import type { ReactNode } from 'react';
import { WEEKDAYS, type BusinessHours } from '@/lib/db/schema/widget-settings';
import { fill, type Messages } from '@/lib/i18n/slices';

type Labels = Pick<
  Messages['Dashboard']['widgets']['form'],
  'hours' | 'hoursEnabled' | 'timeZone' | 'dayOpen' | 'from' | 'to'
>;

/** The weekdays' names in `locale`, Monday first (5 January 2026 was a Monday). */
function weekdayNames(locale: string) {
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return Object.fromEntries(
    WEEKDAYS.map((day, index) => [day, weekday.format(Date.UTC(2026, 0, 5 + index))]),
  ) as Record<(typeof WEEKDAYS)[number], string>;
}

const control =
  'rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700';
const DEFAULT_HOURS = { from: '09:00', to: '17:00' };

/** The weekly schedule: on or off, its time zone, and per day whether and when an operator answers. */
export function HoursField({
  id,
  value,
  onChange,
  labels,
  locale,
  error,
  locked,
}: {
  id: string;
  value: BusinessHours | null;
  onChange: (value: BusinessHours | null) => void;
  labels: Labels;
  locale: string;
  error?: string;
  /** Which plan unlocks business hours (PlanNeeded), when the workspace's does not: they cannot be switched on. */
  locked?: ReactNode;
}) {
  const off = locked && value === null;
  const days = weekdayNames(locale);
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const enable = (on: boolean) =>
    onChange(
      on
        ? {
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
            days: Object.fromEntries(WEEKDAYS.slice(0, 5).map((day) => [day, DEFAULT_HOURS])),
          }
        : null,
    );
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-900">{labels.hours}</legend>
      <label className="flex items-center gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          checked={value !== null}
          disabled={!!off}
          aria-describedby={off ? `${id}-plan` : undefined}
          onChange={(event) => enable(event.target.checked)}
          className="h-4 w-4"
        />
        {labels.hoursEnabled}
      </label>
      {off && locked}
      {value && (
        <div className="space-y-2 rounded-md border border-slate-200 p-3">
          <label htmlFor={`${id}-zone`} className="block text-sm font-medium text-slate-900">
            {labels.timeZone}
          </label>
          <input
            id={`${id}-zone`}
            list={`${id}-zones`}
            value={value.timeZone}
            onChange={(event) => onChange({ ...value, timeZone: event.target.value })}
            className={control}
          />
          <datalist id={`${id}-zones`}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <ul className="space-y-1">
            {WEEKDAYS.map((day) => {
              const hours = value.days[day];
              const set = (next: { from: string; to: string } | undefined) =>
                onChange({ ...value, days: { ...value.days, [day]: next } });
              return (
                <li key={day} className="flex flex-wrap items-center gap-2 text-sm">
                  <label className="flex w-40 items-center gap-2 text-slate-900">
                    <input
                      type="checkbox"
                      checked={!!hours}
                      onChange={(event) => set(event.target.checked ? DEFAULT_HOURS : undefined)}
                      aria-label={fill(labels.dayOpen, { day: days[day] })}
                      className="h-4 w-4"
                    />
                    {days[day]}
                  </label>
                  {hours && (
                    <>
                      <label className="flex items-center gap-1">
                        <span className="text-slate-700">{labels.from}</span>
                        <input
                          type="time"
                          value={hours.from}
                          onChange={(event) => set({ ...hours, from: event.target.value })}
                          aria-label={`${days[day]}: ${labels.from}`}
                          className={control}
                        />
                      </label>
                      <label className="flex items-center gap-1">
                        <span className="text-slate-700">{labels.to}</span>
                        <input
                          type="time"
                          value={hours.to}
                          onChange={(event) => set({ ...hours, to: event.target.value })}
                          aria-label={`${days[day]}: ${labels.to}`}
                          className={control}
                        />
                      </label>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
