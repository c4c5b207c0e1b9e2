// Figures as people read them, in the page's language.
import type { ReportMetric } from '@/lib/reports/types';

const UNITS = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
] as const;

/** Seconds as the largest fitting unit, one decimal at most ("4.5 min", "2 Std."); a dash for none. */
export function formatDuration(seconds: number | null, locale: string): string {
  if (seconds === null) return '–';
  const { unit, seconds: size } = UNITS.find((candidate) => seconds >= candidate.seconds) ?? {
    unit: 'second',
    seconds: 1,
  };
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
    seconds / size,
  );
}

/** Seconds in minutes, rounded to a tenth (a chart's values); null stays null (no bar). */
export const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

export type Drill = { metric: ReportMetric; day?: string; operator?: string; widget?: string };

/** The address of the conversations behind a figure: the drill-down page with the period and the figure's set. */
export function drillHref(base: string, period: { from: string; to: string; tz: string }, drill: Drill): string {
  const query = new URLSearchParams({ ...period, metric: drill.metric });
  for (const key of ['day', 'operator', 'widget'] as const) if (drill[key]) query.set(key, drill[key]);
  return `${base}?${query}`;
}
