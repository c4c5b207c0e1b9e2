'use client';

import type { ReactNode } from 'react';
import { useInBrowser } from '@/lib/client/in-browser';
import { SELLER_TIME_ZONE, type Locale } from '@/lib/i18n/routing';

// Fields, not dateStyle/timeStyle: those cannot be combined with the zone's name.
const FORMAT = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' } as const;
/** What the server writes, not knowing the viewer's zone: the seller's, named ("CET"). */
const SERVER_ZONE = { ...FORMAT, timeZone: SELLER_TIME_ZONE, timeZoneName: 'short' } as const;
// Making a formatter costs far more than formatting (a tenth of a millisecond each; a dashboard list has
// dozens of times): one per language and side, made once.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, inBrowser: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${inBrowser}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, inBrowser ? FORMAT : SERVER_ZONE)));
  return made;
}

/**
 * A moment in the viewer's own time zone, in the page's language. The server's HTML names the seller's
 * zone; the browser writes the viewer's once hydrated (no mismatch: React renders the server's version
 * first). With `children`, they are shown and the time is the tooltip.
 */
export function LocalTime({ dateTime, locale, children }: { dateTime: string; locale: Locale; children?: ReactNode }) {
  const inBrowser = useInBrowser();
  const text = formatter(locale, inBrowser).format(new Date(dateTime));
  return children === undefined ? (
    <time dateTime={dateTime}>{text}</time>
  ) : (
    <time dateTime={dateTime} title={text}>
      {children}
    </time>
  );
}
