import { z } from 'zod';
import { fieldCheck } from '@/lib/api/fields';
import { isTimeZone } from '@/lib/widgets/schema';
import { REPORT_METRICS } from './types';

/** The longest period a report covers (a year, leap day included). */
export const REPORT_DAYS_MAX = 366;

const DAY_MS = 86_400_000;
/** Days from `from` to `to` (ISO dates), both counted. */
export const daysOf = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

const timeZone = z.string().max(64).refine(isTimeZone, fieldCheck('timeZone'));

/** `?from=&to=` (ISO dates, both included, in `tz`) and `tz` (an IANA time zone, UTC when left out). */
export const reportPeriodSchema = z
  .object({ from: z.iso.date(), to: z.iso.date(), tz: timeZone.default('UTC') })
  .refine((period) => period.from <= period.to && daysOf(period.from, period.to) <= REPORT_DAYS_MAX, {
    path: ['to'],
    ...fieldCheck('period'),
  });
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

/**
 * The conversations behind a figure: the period's (or one `day` of it), of one operator (`none`: unassigned) or
 * widget, all started or those answered or closed; `cursor` the next page's.
 */
export const reportDrillSchema = z.object({
  metric: z.enum(REPORT_METRICS).default('started'),
  day: z.iso.date().optional(),
  operator: z.string().min(1).max(128).optional(),
  widget: z.string().min(1).max(64).optional(),
  cursor: z.string().max(200).optional(),
});
export type ReportDrill = z.infer<typeof reportDrillSchema>;

/** The CSV's language (the page's; the request's when left out). */
export const reportLocaleSchema = z.enum(['en', 'de']).optional();
