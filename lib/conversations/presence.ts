import type { PresenceView } from './constants';
import { WEEKDAYS, type BusinessHours, type PresenceMode } from '@/lib/db/schema/widget-settings';

/** The wall-clock date and time of `instant` in `timeZone`. */
function wallClock(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS[(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const).indexOf(parts.weekday as 'Mon')],
  };
}

/** The instant at which the wall clock of `timeZone` shows the given date and minute of the day. */
function instantOf(year: number, month: number, day: number, minutes: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  let instant = guess;
  // Twice: the offset at the guess may differ from the one at the answer around a change of time.
  for (let i = 0; i < 2; i++) {
    const shown = wallClock(instant, timeZone);
    instant += guess - Date.UTC(shown.year, shown.month - 1, shown.day, 0, shown.minutes);
  }
  return instant;
}

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * Whether the schedule is open at `now`, and if not, when it next opens (within a week); without a
 * schedule neither is known.
 */
export function scheduleAt(
  hours: BusinessHours | null,
  now: number,
): { openNow: boolean | null; nextOpenAt: number | null } {
  if (!hours || Object.keys(hours.days).length === 0) return { openNow: null, nextOpenAt: null };
  const today = wallClock(now, hours.timeZone);
  const todays = hours.days[today.weekday];
  if (todays && today.minutes >= toMinutes(todays.from) && today.minutes < toMinutes(todays.to))
    return { openNow: true, nextOpenAt: null };
  for (let offset = 0; offset <= 7; offset++) {
    // Noon of the day `offset` days ahead names that day's date in the time zone.
    const day = wallClock(
      instantOf(today.year, today.month, today.day, 12 * 60, hours.timeZone) + offset * 86_400_000,
      hours.timeZone,
    );
    const opening = hours.days[day.weekday];
    if (!opening) continue;
    const at = instantOf(day.year, day.month, day.day, toMinutes(opening.from), hours.timeZone);
    if (at > now) return { openNow: false, nextOpenAt: at };
  }
  return { openNow: false, nextOpenAt: null };
}

/**
 * Whether an operator answers now. The widget's switch decides first: `available` and `away` hold whatever
 * the operators do (a demo, a holiday); `auto` is available while some operator of the workspace is
 * (lib/conversations/operators.ts) within the business hours, if the widget has them. `availableForMs`:
 * how long that holds without a newer heartbeat. When nobody is available the schedule says when they are back.
 */
export function presenceOf(
  widget: {
    presence: PresenceMode;
    businessHours: BusinessHours | null;
    operators: { available: boolean; forMs: number | null };
  },
  now = Date.now(),
): PresenceView {
  const schedule = scheduleAt(widget.businessHours, now);
  const auto = widget.presence === 'auto';
  const available =
    widget.presence === 'available' || (auto && widget.operators.available && schedule.openNow !== false);
  const availableForMs = available && auto ? widget.operators.forMs : null;
  const nextOpenAt = available ? null : schedule.nextOpenAt;
  return { available, availableForMs, nextOpenAt: nextOpenAt === null ? null : new Date(nextOpenAt).toISOString() };
}

/** What a widget's visitors were last sent, and when. */
export type SentPresence = { view: PresenceView; at: number };

/**
 * Whether visitors who were sent `last` need `next`: it says something else, or what they hold ages out within
 * `marginMs` (their widget shows "away" once `availableForMs` has passed without a newer frame). The refresh's
 * presence every 20 s otherwise writes the same frame to every open stream of the widget (5,000 at once in
 * npm run bench).
 */
export function presenceNews(last: SentPresence | undefined, next: PresenceView, now: number, marginMs: number) {
  if (!last) return true;
  const { view } = last;
  if (view.available !== next.available || view.nextOpenAt !== next.nextOpenAt) return true;
  if ((view.availableForMs === null) !== (next.availableForMs === null)) return true;
  return view.availableForMs !== null && last.at + view.availableForMs - now < marginMs;
}
