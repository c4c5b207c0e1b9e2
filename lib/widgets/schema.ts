import { z } from 'zod';
import { idempotencyKey, plainText, singleLineText } from '@/lib/api/schemas';
import { LAUNCHER_POSITIONS, PRE_CHAT_MODES, VISITORS_PER_HOUR_MAX, WEEKDAYS, type BusinessHours } from './settings';

export const WIDGET_NAME_MAX = 60;
export const WIDGET_GREETING_MAX = 200;
export const WIDGET_ORIGINS_MAX = 20;
export const WIDGET_AWAY_MAX = 300;
export const RETENTION_DAYS_MAX = 3650;
/** Widgets of an account without a paid plan. */
export const FREE_WIDGET_LIMIT = 1;

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * `https://host[:port]` as an origin (lower case, default port dropped), or null. `http://` only for
 * localhost (testing). No path (a single `/` is tolerated), query, fragment, credentials or wildcards:
 * the result goes into a CSP `frame-ancestors` list as it is.
 */
export function normalizeOrigin(input: string): string | null {
  const value = input.trim();
  const match = /^(https?):\/\/([^/?#]+)\/?$/i.exec(value);
  if (!match) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const hostname = url.hostname;
  if (url.protocol === 'http:' && hostname !== 'localhost') return null;
  if (!HOSTNAME.test(hostname)) return null;
  return url.origin;
}

const origin = z
  .string()
  .max(300)
  .transform((value, context) => {
    const normalized = normalizeOrigin(value);
    if (!normalized) {
      context.addIssue({ code: 'custom', message: 'invalid origin' });
      return z.NEVER;
    }
    return normalized;
  });

/** A time zone the runtime knows (IANA name). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const openingHours = z
  .object({ from: clock, to: clock })
  .refine((hours) => hours.from < hours.to, { message: 'closes before it opens', path: ['to'] });

/** A weekly schedule: a time zone and the opening hours of the open days (none: closed that day). */
export const businessHoursSchema: z.ZodType<BusinessHours> = z.object({
  timeZone: z.string().max(64).refine(isTimeZone),
  days: z.partialRecord(z.enum(WEEKDAYS), openingHours),
});

export const widgetFields = {
  name: singleLineText(1, WIDGET_NAME_MAX),
  allowedOrigins: z
    .array(origin)
    .max(WIDGET_ORIGINS_MAX)
    .transform((origins) => [...new Set(origins)]),
  accentColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .transform((value) => value.toLowerCase()),
  greeting: singleLineText(0, WIDGET_GREETING_MAX),
  locale: z.enum(['en', 'de']),
  followPageLanguage: z.boolean(),
  launcherPosition: z.enum(LAUNCHER_POSITIONS),
  preChat: z.enum(PRE_CHAT_MODES),
  awayMessage: plainText(0, WIDGET_AWAY_MAX),
  businessHours: businessHoursSchema.nullable(),
  retentionDays: z.number().int().min(1).max(RETENTION_DAYS_MAX).nullable(),
  notifyEmail: z.email().max(254).nullable(),
  /** Null: the service's default (CHAT_VISITORS_PER_HOUR). */
  visitorsPerHour: z.number().int().min(1).max(VISITORS_PER_HOUR_MAX).nullable(),
};

/** A new widget: the settings the form leaves out get their defaults. */
export const createWidgetSchema = z.object({
  ...widgetFields,
  greeting: widgetFields.greeting.default(''),
  followPageLanguage: widgetFields.followPageLanguage.default(false),
  launcherPosition: widgetFields.launcherPosition.default('right'),
  preChat: widgetFields.preChat.default('off'),
  awayMessage: widgetFields.awayMessage.default(''),
  businessHours: widgetFields.businessHours.default(null),
  retentionDays: widgetFields.retentionDays.default(null),
  visitorsPerHour: widgetFields.visitorsPerHour.default(null),
  notifyEmail: widgetFields.notifyEmail.optional(),
  requestKey: idempotencyKey.optional(),
});
export const updateWidgetSchema = z.object(widgetFields).partial();

export type CreateWidgetInput = z.infer<typeof createWidgetSchema>;
export type UpdateWidgetInput = z.infer<typeof updateWidgetSchema>;
