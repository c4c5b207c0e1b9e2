import { z } from 'zod';
import { ALERT_SCOPES, EMAIL_ALERTS, THEMES } from '@/lib/db/schema/accounts';
import { LOCALE_COOKIE_MAX_AGE, locales } from '@/lib/i18n/routing';

export const settingsSchema = z.object({
  locale: z.enum(locales),
  theme: z.enum(THEMES),
  notifyTicketReplies: z.boolean(),
  notifyOrderUpdates: z.boolean(),
  /** The dashboard's sound on a visitor's message, and when an operator with no dashboard open is mailed. */
  alertSound: z.boolean(),
  emailAlerts: z.enum(EMAIL_ALERTS),
  /** Which conversations alert the operator, in the dashboard and by e-mail. */
  alertScope: z.enum(ALERT_SCOPES),
});

export type Settings = z.infer<typeof settingsSchema>;

/** The browser-readable cookie the head script applies before the first paint (no flash of the wrong theme). */
export const THEME_COOKIE = 'theme';

/** Name, value and attributes of the theme cookie (a year, like the locale cookie). */
export function themeCookie(theme: Settings['theme'], secure: boolean) {
  return [THEME_COOKIE, theme, { path: '/', sameSite: 'lax' as const, secure, maxAge: LOCALE_COOKIE_MAX_AGE }] as const;
}
