import { SELLER_TIME_ZONE, type Locale } from './routing';

const formatters = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A moment of an order as its receipt states it, on the success page, the dashboard and the e-mail alike: in
 * the seller's time zone, named ("GMT+1", "MEZ"). An e-mail cannot know its reader's zone, and a receipt
 * must say the same wherever it is read.
 */
export function sellerTime(moment: string | Date, locale: Locale): string {
  let format = formatters.get(locale);
  if (!format)
    formatters.set(
      locale,
      (format = new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: SELLER_TIME_ZONE,
        timeZoneName: 'short',
      })),
    );
  return format.format(new Date(moment));
}
