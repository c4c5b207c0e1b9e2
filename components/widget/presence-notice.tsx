'use client';

import { useEffect, useMemo, useState } from 'react';
import type { PresenceView } from '@/lib/conversations/constants';
import { WEEKDAYS, type BusinessHours } from '@/lib/db/schema/widget-settings';
import { fill, type Messages } from '@/lib/i18n/slices';

/**
 * Whether an operator answers now. An `auto` availability lasts as long as the server said (the operators'
 * inbox was open); the stream brings the next word before it runs out.
 */
export function useAvailable(presence: PresenceView): boolean {
  const [expired, setExpired] = useState<PresenceView | null>(null);
  useEffect(() => {
    if (!presence.available || presence.availableForMs === null) return;
    const timer = setTimeout(() => setExpired(presence), presence.availableForMs);
    return () => clearTimeout(timer);
  }, [presence]);
  return presence.available && expired !== presence;
}

/** The dot and words in the widget's header. */
export function PresenceLine({ available, labels }: { available: boolean; labels: Messages['Widget'] }) {
  return (
    <p className="flex items-center gap-1.5 text-xs">
      <span
        aria-hidden="true"
        className={`inline-block h-2 w-2 rounded-full border border-white ${available ? 'bg-green-500' : 'bg-slate-400'}`}
      />
      {available ? labels.available : labels.away}
    </p>
  );
}

/**
 * When nobody is available: the widget's away message, when to expect an answer (the next opening of
 * the business hours, or "as soon as we can"), and the schedule itself.
 */
export function AwayNotice({
  presence,
  awayMessage,
  hours,
  labels,
  locale,
  landmark = true,
}: {
  presence: PresenceView;
  awayMessage: string;
  hours: BusinessHours | null;
  labels: Messages['Widget'];
  locale: string;
  /** False in the dashboard's previews: a page may show two, and two regions of one name confuse. */
  landmark?: boolean;
}) {
  const when = useMemo(
    () =>
      presence.nextOpenAt
        ? new Intl.DateTimeFormat(locale, { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(
            new Date(presence.nextOpenAt),
          )
        : null,
    [presence.nextOpenAt, locale],
  );
  // 5 January 2026 was a Monday: the weekday names in the visitor's language.
  const dayName = (index: number) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 5 + index));
  return (
    <section
      aria-label={landmark ? labels.away : undefined}
      data-away-notice
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900"
    >
      {awayMessage && <p className="whitespace-pre-wrap">{awayMessage}</p>}
      <p>{when ? fill(labels.backAt, { when }) : labels.soon}</p>
      {hours && Object.keys(hours.days).length > 0 && (
        <details>
          <summary className="cursor-pointer font-medium">{fill(labels.hours, { zone: hours.timeZone })}</summary>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
            {WEEKDAYS.map((day, index) =>
              hours.days[day] ? (
                <div key={day} className="contents">
                  <dt>{dayName(index)}</dt>
                  <dd>
                    {hours.days[day]!.from}–{hours.days[day]!.to}
                  </dd>
                </div>
              ) : null,
            )}
          </dl>
        </details>
      )}
    </section>
  );
}
