import { getFormatter } from 'next-intl/server';

/** "3 hours ago" in the page's language, the exact time as a tooltip and in `dateTime`. */
export async function RelativeTime({ date }: { date: Date }) {
  const format = await getFormatter();
  return (
    <time dateTime={date.toISOString()} title={format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short' })}>
      {format.relativeTime(date, new Date())}
    </time>
  );
}
