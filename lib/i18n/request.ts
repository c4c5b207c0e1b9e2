import { getRequestConfig } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { loadMessages } from './messages';
import { routing, SELLER_TIME_ZONE } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    // Server-rendered dates of this business are shown in its own time zone.
    timeZone: SELLER_TIME_ZONE,
    messages: await loadMessages(locale),
  };
});
