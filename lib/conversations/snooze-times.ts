// The snooze presets, in the operator's own time zone (the browser's): "Tomorrow 9:00" is 9:00 on their clock
// whatever the server's or UTC's date, and across a change to or from summer time.

export const SNOOZE_PRESETS = ['hour', 'tomorrow', 'monday'] as const;
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number];

const HOUR_MS = 3_600_000;
/** The presets' time of day. */
const MORNING = 9;

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** What a clock in `timeZone` shows at `at`. */
function wallClock(at: Date, timeZone: string): Wall {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far `timeZone`'s clock is ahead of UTC at `at`, in milliseconds (whole seconds). */
function offsetAt(at: number, timeZone: string): number {
  const wall = wallClock(new Date(at), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The moment `timeZone`'s clock shows that date at `hour`:00 (a day past the month's end rolls over). */
function zonedMoment(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  // Twice: the offset of the first answer may differ from the guess's when a change of offset lies between.
  const first = guess - offsetAt(guess, timeZone);
  return new Date(guess - offsetAt(first, timeZone));
}

/**
 * When a preset snoozes until, from `now` in `timeZone`: in an hour; tomorrow at 9:00; next Monday at 9:00
 * (a week ahead on a Monday).
 */
export function snoozePresetTime(preset: SnoozePreset, now: Date, timeZone: string): Date {
  if (preset === 'hour') return new Date(now.getTime() + HOUR_MS);
  const today = wallClock(now, timeZone);
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const days = preset === 'tomorrow' ? 1 : (8 - weekday) % 7 || 7;
  return zonedMoment(today.year, today.month, today.day + days, MORNING, timeZone);
}

/** The value of a datetime-local input for `at` in the browser's zone (to the minute). */
export function localInputValue(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
