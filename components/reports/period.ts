// The report's period as the page picks it: the last 7, 30 or 90 days up to today in the viewer's zone, or any.
export const PRESETS = [7, 30, 90] as const;

const DAY_MS = 86_400_000;

/** Today's ISO date in `zone`. */
export const todayIn = (zone: string, now = Date.now()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The `days` days up to `today` (an ISO date), both ends included. */
export function lastDays(days: number, today: string): { from: string; to: string } {
  const from = new Date(Date.parse(today) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to: today };
}
