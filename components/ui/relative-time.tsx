import { getFormatter, getLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { LocalTime } from './local-time';

/** "3 hours ago" in the page's language; the exact time, in the viewer's time zone, as a tooltip and in `dateTime`. */
export async function RelativeTime({ date }: { date: Date }) {
  const [format, locale] = await Promise.all([getFormatter(), getLocale()]);
  return (
    <LocalTime dateTime={date.toISOString()} locale={locale as Locale}>
      {format.relativeTime(date, new Date())}
    </LocalTime>
  );
}
